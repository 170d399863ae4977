import { formatGmtDay } from "../../i18n/intl";
import { type MessageId, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api";
import { Sigil } from "../../ui/sigil";
import { Spinner } from "../../ui/spinner";
import { formatIllumination, moonLitPath } from "./moon-phase";
import styles from "./tarot.module.css";
import { useAstrologyToday } from "./use-tarot";

/** The sun signs' and moon phases' messages, by the names the API gives them (`GET /astrology/today`). */
const signIds: Record<string, MessageId> = {
  Aries: "tarot.sign.aries",
  Taurus: "tarot.sign.taurus",
  Gemini: "tarot.sign.gemini",
  Cancer: "tarot.sign.cancer",
  Leo: "tarot.sign.leo",
  Virgo: "tarot.sign.virgo",
  Libra: "tarot.sign.libra",
  Scorpio: "tarot.sign.scorpio",
  Sagittarius: "tarot.sign.sagittarius",
  Capricorn: "tarot.sign.capricorn",
  Aquarius: "tarot.sign.aquarius",
  Pisces: "tarot.sign.pisces",
};
const phaseIds: Record<string, MessageId> = {
  "New Moon": "tarot.moon.new",
  "Waxing Crescent": "tarot.moon.waxingCrescent",
  "First Quarter": "tarot.moon.firstQuarter",
  "Waxing Gibbous": "tarot.moon.waxingGibbous",
  "Full Moon": "tarot.moon.full",
  "Waning Gibbous": "tarot.moon.waningGibbous",
  "Last Quarter": "tarot.moon.lastQuarter",
  "Waning Crescent": "tarot.moon.waningCrescent",
};

/** The day's sky: the sun's zodiac sign and the moon's phase, computed by the server for 12:00 GMT. */
export function AstrologyBanner({ today }: { today: string | null }) {
  const t = useT();
  // A name the web does not know yet is shown as the API wrote it.
  const nameOf = (ids: Record<string, MessageId>, name: string) => {
    const id = ids[name];
    return id ? t(id) : name;
  };
  const sky = useAstrologyToday(today);
  return (
    <section className={styles.banner} aria-labelledby="sky-title" data-testid="astrology-banner">
      <h2 id="sky-title" className="visually-hidden">
        {t("tarot.sky.title")}
      </h2>
      {sky.data ? (
        <>
          <div className={styles.skyItem}>
            <span className={styles.sun} aria-hidden="true">
              <Sigil name="star" size={28} />
            </span>
            <p>
              <span className={styles.skyLabel}>{t("tarot.sky.sunIn")}</span>
              <span className={styles.skyValue} data-testid="sun-sign">
                {nameOf(signIds, sky.data.sun_sign)}
              </span>
            </p>
          </div>
          <div className={styles.skyItem}>
            <svg className={styles.moon} viewBox="-12 -12 24 24" width="44" height="44" aria-hidden="true">
              <circle r="11" className={styles.moonDark} />
              <path d={moonLitPath(sky.data.moon_phase_angle, 11)} className={styles.moonLit} />
            </svg>
            <p>
              <span className={styles.skyLabel}>{t("tarot.sky.moon")}</span>
              <span className={styles.skyValue} data-testid="moon-phase">
                {nameOf(phaseIds, sky.data.moon_phase_name)}
              </span>
              <span className={styles.skyNote}>{formatIllumination(sky.data.moon_illumination, t)}</span>
            </p>
          </div>
          <p className={styles.skyDate}>
            {t("tarot.sky.over", { date: formatGmtDay(sky.data.date, t.language ?? "en", "long") })}
          </p>
        </>
      ) : sky.isError ? (
        <p className={styles.skyMessage}>{t("tarot.sky.unavailable", { error: errorMessage(sky.error, t) })}</p>
      ) : (
        <p className={styles.skyMessage} aria-busy="true">
          <Spinner /> {t("tarot.sky.loading")}
        </p>
      )}
    </section>
  );
}
