import { timings } from "@arcana/protocol";
import { useEffect, useState } from "react";
import { useT } from "../i18n/use-t";
import { Button, type ButtonProps } from "./button";

type CopyState = "idle" | "copied" | "failed";

export interface CopyButtonProps extends Omit<ButtonProps, "onClick" | "children"> {
  text: string;
  /** What is being copied, for screen readers: "Copy invite code". */
  label?: string;
}

export function CopyButton({ text, label, variant = "secondary", size = "sm", ...rest }: CopyButtonProps) {
  const t = useT();
  const [state, setState] = useState<CopyState>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), timings.copiedIndicatorMs);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <>
      <Button variant={variant} size={size} onClick={copy} aria-label={state === "idle" ? label : undefined} {...rest}>
        {t("shell.copy.label", { state })}
      </Button>
      <span className="visually-hidden" aria-live="polite">
        {state === "idle" ? "" : t("shell.copy.announce", { state })}
      </span>
    </>
  );
}
