import { timings } from "@arcana/protocol";
import { useEffect, useState } from "react";

export interface Device {
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  /** Viewport width in CSS pixels; 0 until measured in the browser. */
  width: number;
}

/** Same breakpoints as the stylesheets: the navigation collapses at 640 px. */
export const mobileMaxWidth = 640;
export const tabletMaxWidth = 1024;

export function deviceForWidth(width: number): Device {
  return {
    isMobile: width <= mobileMaxWidth,
    isTablet: width > mobileMaxWidth && width <= tabletMaxWidth,
    isDesktop: width > tabletMaxWidth,
    width,
  };
}

/** What server rendering and the first client render assume, so hydration matches. */
export const unmeasuredDevice: Device = { isMobile: false, isTablet: false, isDesktop: true, width: 0 };

/** The kind of device by viewport width, measured after hydration and ~50 ms after the last resize. */
export function useDevice(): Device {
  const [device, setDevice] = useState(unmeasuredDevice);
  useEffect(() => {
    const measure = () =>
      setDevice((current) => (current.width === window.innerWidth ? current : deviceForWidth(window.innerWidth)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, timings.deviceResizeDebounceMs);
    };
    measure();
    window.addEventListener("resize", onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, []);
  return device;
}
