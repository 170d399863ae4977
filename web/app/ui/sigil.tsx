import styles from "./sigil.module.css";

export type SigilName = "moon" | "star" | "card" | "chest" | "key" | "quill" | "eye";

/** Line drawings for the product's themes; decorative, so hidden from screen readers. */
const paths: Record<SigilName, string> = {
  moon: "M15.5 3.5a8.5 8.5 0 1 0 5 14.6A7 7 0 0 1 15.5 3.5Z",
  star: "M12 2.5l2.6 6.3 6.9.5-5.3 4.4 1.7 6.7L12 16.8l-5.9 3.6 1.7-6.7-5.3-4.4 6.9-.5Z",
  card: "M7 2.5h10a1.5 1.5 0 0 1 1.5 1.5v16a1.5 1.5 0 0 1-1.5 1.5H7A1.5 1.5 0 0 1 5.5 20V4A1.5 1.5 0 0 1 7 2.5Zm5 5.5l1.4 2.6 2.6 1.4-2.6 1.4L12 16l-1.4-2.6L8 12l2.6-1.4Z",
  chest: "M3.5 10.5h17v9a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1Zm0 0V8a4 4 0 0 1 4-4h9a4 4 0 0 1 4 4v2.5M10.5 10.5v3h3v-3",
  key: "M14.5 3.5a5 5 0 1 1-3.9 8.1L4 18.2V21h3v-2h2v-2h2l1.6-1.6A5 5 0 0 1 14.5 3.5Zm1.5 3.5a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z",
  quill: "M20.5 3.5c-6 .5-11 5-13 11l-2 6 2-1.5c1-3 2.5-5 4.5-6.5M7.5 14.5c4 0 8-2.5 10-6.5M11 17c3.5-.5 6.5-3 8-7",
  eye: "M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Zm9.5-3a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z",
};

export function Sigil({ name, size = 24 }: { name: SigilName; size?: number }) {
  return (
    <svg
      className={styles.sigil}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
