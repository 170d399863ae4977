import { timings } from "@arcana/protocol";
import { useEffect, useState } from "react";
import { Button, type ButtonProps } from "./button";

type CopyState = "idle" | "copied" | "failed";

export interface CopyButtonProps extends Omit<ButtonProps, "onClick" | "children"> {
  text: string;
  /** What is being copied, for screen readers: "Copy invite code". */
  label?: string;
}

const labels: Record<CopyState, string> = { idle: "Copy", copied: "Copied", failed: "Copy failed" };
const announcements: Record<CopyState, string> = {
  idle: "",
  copied: "Copied to clipboard",
  failed: "Could not copy to the clipboard",
};

export function CopyButton({ text, label, variant = "secondary", size = "sm", ...rest }: CopyButtonProps) {
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
        {labels[state]}
      </Button>
      <span className="visually-hidden" aria-live="polite">
        {announcements[state]}
      </span>
    </>
  );
}
