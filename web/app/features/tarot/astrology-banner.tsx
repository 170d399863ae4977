import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Sigil } from "../../ui/sigil";
import { Spinner } from "../../ui/spinner";
import { formatIllumination, moonLitPath } from "./moon-phase";
import styles from "./tarot.module.css";
import { useAstrologyToday } from "./use-tarot";

/** The day's sky: the sun's zodiac sign and the moon's phase, computed by the server for 12:00 GMT. */
export function AstrologyBanner({ today }: { today: string | null }) {
  const t = useT();
  const sky = useAstrologyToday(today);
  return (
    <section className={styles.banner} aria-labelledby="sky-title" data-testid="astrology-banner">
      <h2 id="sky-title" className="visually-hidden">
        Today's sky
      </h2>
      {sky.data ? (
        <>
          <div className={styles.skyItem}>
            <span className={styles.sun} aria-hidden="true">
              <Sigil name="star" size={28} />
            </span>
            <p>
              <span className={styles.skyLabel}>Sun in</span>
              <span className={styles.skyValue} data-testid="sun-sign">
                {sky.data.sun_sign}
              </span>
            </p>
          </div>
          <div className={styles.skyItem}>
            <svg className={styles.moon} viewBox="-12 -12 24 24" width="44" height="44" aria-hidden="true">
              <circle r="11" className={styles.moonDark} />
              <path d={moonLitPath(sky.data.moon_phase_angle, 11)} className={styles.moonLit} />
            </svg>
            <p>
              <span className={styles.skyLabel}>Moon</span>
              <span className={styles.skyValue} data-testid="moon-phase">
                {sky.data.moon_phase_name}
              </span>
              <span className={styles.skyNote}>{formatIllumination(sky.data.moon_illumination)}</span>
            </p>
          </div>
          <p className={styles.skyDate}>The sky over {sky.data.date}, 12:00 GMT</p>
        </>
      ) : sky.isError ? (
        <p className={styles.skyMessage}>The sky could not be read right now. {errorMessage(sky.error, t)}</p>
      ) : (
        <p className={styles.skyMessage} aria-busy="true">
          <Spinner /> Reading today's sky…
        </p>
      )}
    </section>
  );
}
