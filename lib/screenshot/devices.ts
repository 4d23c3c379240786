/**
 * Device presets (the customer's table; D8). A preset sets viewport, pixel ratio, mobile and touch
 * emulation and a matching user agent; explicit width/height/deviceScale in the request win.
 */
import type { DevicePresetName } from "./params";

export interface DevicePreset {
  name: DevicePresetName;
  label: string;
  width: number;
  height: number;
  deviceScale: number;
  isMobile: boolean;
  hasTouch: boolean;
  userAgent: string;
}

const SAFARI_17 = "AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const CHROME_ANDROID = "AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";

export const DEVICE_PRESETS: Record<DevicePresetName, DevicePreset> = {
  "iphone-15": {
    name: "iphone-15",
    label: "iPhone 15",
    width: 393,
    height: 852,
    deviceScale: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) ${SAFARI_17}`,
  },
  "ipad-pro": {
    name: "ipad-pro",
    label: "iPad Pro 12.9″",
    width: 1024,
    height: 1366,
    deviceScale: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: `Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) ${SAFARI_17}`,
  },
  "pixel-8": {
    name: "pixel-8",
    label: "Google Pixel 8",
    width: 412,
    height: 915,
    deviceScale: 2.625,
    isMobile: true,
    hasTouch: true,
    userAgent: `Mozilla/5.0 (Linux; Android 14; Pixel 8) ${CHROME_ANDROID}`,
  },
  "galaxy-s24": {
    name: "galaxy-s24",
    label: "Samsung Galaxy S24",
    width: 360,
    height: 780,
    deviceScale: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: `Mozilla/5.0 (Linux; Android 14; SM-S921B) ${CHROME_ANDROID}`,
  },
};
