// The brands a listing's brand is chosen from (anything else is "Other", typed by the seller).
// Data, not a closed list: adding a brand needs no migration. Browser-safe.

export const BRANDS = [
  { key: "canon", name: "Canon" },
  { key: "nikon", name: "Nikon" },
  { key: "sony", name: "Sony" },
  { key: "fujifilm", name: "Fujifilm" },
  { key: "panasonic", name: "Panasonic" },
  { key: "olympus", name: "Olympus / OM System" },
  { key: "leica", name: "Leica" },
  { key: "pentax", name: "Pentax" },
  { key: "ricoh", name: "Ricoh" },
  { key: "hasselblad", name: "Hasselblad" },
  { key: "sigma", name: "Sigma" },
  { key: "tamron", name: "Tamron" },
  { key: "kmz", name: "KMZ (Zenit, Helios)" },
] as const;

export type BrandKey = (typeof BRANDS)[number]["key"];

/** The value of the brand and model fields for "not in the list": the seller types the name. */
export const OTHER = "other";

const byKey = new Map<string, (typeof BRANDS)[number]>(BRANDS.map((brand) => [brand.key, brand]));

export function isBrandKey(value: unknown): value is BrandKey {
  return typeof value === "string" && byKey.has(value);
}

/** A brand's name, or null for a key that is not one of the list. */
export function brandName(key: string | null | undefined): string | null {
  return (key && byKey.get(key)?.name) || null;
}
