// The words of the closed list SENSOR_FORMATS (db/closed-lists.ts). Browser-safe.
import type { SensorFormat } from "#db/closed-lists";

export const SENSOR_FORMAT_WORDS = {
  "medium-format": { name: "Medium format", size: "about 44 × 33 mm" },
  "full-frame": { name: "Full frame", size: "36 × 24 mm" },
  "aps-c": { name: "APS-C", size: "about 23.5 × 15.6 mm (Canon 22.3 × 14.9 mm)" },
  "four-thirds": { name: "Four Thirds", size: "17.3 × 13 mm" },
  "one-inch": { name: "1-inch type", size: "13.2 × 8.8 mm" },
} as const satisfies Record<SensorFormat, { name: string; size: string }>;

export function sensorFormatName(format: string | null | undefined): string | null {
  return format && Object.hasOwn(SENSOR_FORMAT_WORDS, format) ? SENSOR_FORMAT_WORDS[format as SensorFormat].name : null;
}
