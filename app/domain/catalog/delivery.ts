// How a listing changes hands (ADR 0085): met in person, sent by post, or either. A listing that
// ships says where from (a country of SHIPPING_COUNTRIES and a postal code), the parcel it goes in,
// its shipping price (the seller's flat price, or the carrier's rate for the buyer's address when
// left empty) and how many business days the seller takes to send it. The rules of these fields
// and the words people read for them live here, once. Browser-safe: the form imports it.
import { type Currency, formatMoney, parseMoney } from "#app/domain/shared/money";
import {
  DELIVERY_METHODS,
  type DeliveryMethod,
  PARCEL_SIZES,
  type ParcelSize,
  SHIPPING_COUNTRIES,
  type ShippingCountry,
} from "#db/closed-lists";

export const DELIVERY_LIMITS = {
  minHandlingDays: 1,
  maxHandlingDays: 5,
  /** The most a seller may charge for shipping: $ 500.00. */
  maxShippingCents: 50_000,
  postalCode: 10,
} as const;

export const DELIVERY_WORDS: Record<DeliveryMethod, { label: string; hint: string }> = {
  meetup: { label: "Meetup only", hint: "You and the buyer meet to hand it over." },
  ship: { label: "Shipping only", hint: "You send it by post, tracked; the buyer pays the shipping." },
  both: { label: "Meetup or shipping", hint: "The buyer chooses when they book." },
};

export const COUNTRY_NAMES: Record<ShippingCountry, string> = {
  US: "United States",
  CA: "Canada",
};

/** Each parcel preset: what fits in it, and its most weight and box as carriers are told. */
export const PARCEL_PRESETS: Record<
  ParcelSize,
  { label: string; fits: string; maxGrams: number; boxCm: readonly [number, number, number] }
> = {
  small: { label: "Small", fits: "a lens, a flash or a compact camera", maxGrams: 1_000, boxCm: [25, 18, 10] },
  medium: { label: "Medium", fits: "a camera body with a lens", maxGrams: 3_000, boxCm: [35, 25, 15] },
  large: { label: "Large", fits: "a tripod, lighting or a camera bag", maxGrams: 10_000, boxCm: [55, 40, 30] },
};

export const DELIVERY_MESSAGES = {
  method: `How it changes hands must be ${DELIVERY_METHODS.join(", ")}.`,
  countryRequired: "Choose the country it ships from.",
  country: `We ship within ${SHIPPING_COUNTRIES.map((code) => COUNTRY_NAMES[code]).join(" and ")} only.`,
  postalCodeRequired: "Enter the postal code it ships from.",
  postalCode: {
    US: "Enter a US ZIP code, such as 11201 or 11201-1234.",
    CA: "Enter a Canadian postal code, such as M5V 2T6.",
  } satisfies Record<ShippingCountry, string>,
  parcelRequired: "Choose the parcel it ships in.",
  parcel: `Parcel must be ${PARCEL_SIZES.join(", ")}.`,
  handlingDaysRequired: "Choose how many business days you take to send it.",
  handlingDays: `Send within ${DELIVERY_LIMITS.minHandlingDays} to ${DELIVERY_LIMITS.maxHandlingDays} business days.`,
} as const;

/** The shipping price's message, in the configured currency. */
export function shippingPriceMessage(currency: Currency): string {
  return `Shipping price must be an amount in ${currency.words} from ${formatMoney(0, currency)} to ${formatMoney(DELIVERY_LIMITS.maxShippingCents, currency)}, or left empty for the carrier's rate.`;
}

export function isDeliveryMethod(value: string): value is DeliveryMethod {
  return (DELIVERY_METHODS as readonly string[]).includes(value);
}

export function isShippingCountry(value: string): value is ShippingCountry {
  return (SHIPPING_COUNTRIES as readonly string[]).includes(value);
}

export function isParcelSize(value: string): value is ParcelSize {
  return (PARCEL_SIZES as readonly string[]).includes(value);
}

/** Whether a listing with this method can be sent by post. */
export const ships = (method: DeliveryMethod) => method !== "meetup";

/** Whether a listing with this method can be handed over in person. */
export const meets = (method: DeliveryMethod) => method !== "ship";

/**
 * A postal code as the country writes it ("m5v2t6" → "M5V 2T6", "11201" stays), or null when it
 * is not one: a US ZIP code (5 digits, or ZIP+4) or a Canadian postal code (A1A 1A1).
 */
export function readPostalCode(country: ShippingCountry, text: string): string | null {
  const compact = text.trim().toUpperCase().replace(/\s+/g, " ");
  if (country === "US") return /^\d{5}(-\d{4})?$/.test(compact) ? compact : null;
  const letters = compact.replace(/ /g, "");
  return /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/.test(letters)
    ? `${letters.slice(0, 3)} ${letters.slice(3)}`
    : null;
}

/** What the listing's shipping costs the buyer, in words: a price, free, or the carrier's rate. */
export function shippingPriceWords(cents: number | null, currency: Currency): string {
  if (cents === null) return "shipping at the carrier's rate";
  if (cents === 0) return "free shipping";
  return `${formatMoney(cents, currency)} shipping`;
}

export interface DeliveryView {
  delivery: DeliveryMethod;
  location: string;
  shippingPriceCents: number | null;
}

/**
 * The line a card and a listing page show about how it changes hands: "Meetup only",
 * "Ships from Brooklyn, NY · $ 14.00 shipping", "Meetup or ships from Brooklyn, NY · free shipping".
 */
export function deliveryLine({ delivery, location, shippingPriceCents }: DeliveryView, currency: Currency): string {
  if (delivery === "meetup") return "Meetup only";
  const from = `${delivery === "both" ? "Meetup or ships" : "Ships"} from ${location}`;
  return `${from} · ${shippingPriceWords(shippingPriceCents, currency)}`;
}

/**
 * The delivery line of a compact card, which names the location on a line of its own: "Meetup
 * only", "Ships · $ 14.00 shipping", "Meetup or ships · free shipping".
 */
export function deliveryWithoutPlace(
  { delivery, shippingPriceCents }: Omit<DeliveryView, "location">,
  currency: Currency,
): string {
  if (delivery === "meetup") return "Meetup only";
  return `${delivery === "both" ? "Meetup or ships" : "Ships"} · ${shippingPriceWords(shippingPriceCents, currency)}`;
}

/** "Sends within 2 business days". */
export function handlingWords(days: number): string {
  return `Sends within ${days} business ${days === 1 ? "day" : "days"}`;
}

/** The delivery fields as the form and the API send them (absent: ""). */
export interface DeliveryInput {
  delivery: DeliveryMethod;
  shipsFromCountry: string;
  shipsFromPostalCode: string;
  parcel: string;
  shippingPrice: string;
  handlingDays: string;
}

/** The delivery fields as a listing stores them: all null for a meetup, all but the price set to ship. */
export interface DeliveryDetails {
  delivery: DeliveryMethod;
  shipsFromCountry: ShippingCountry | null;
  shipsFromPostalCode: string | null;
  parcel: ParcelSize | null;
  shippingPrice: number | null;
  handlingDays: number | null;
}

export const DELIVERY_FIELD_NAMES = [
  "delivery",
  "shipsFromCountry",
  "shipsFromPostalCode",
  "parcel",
  "shippingPrice",
  "handlingDays",
] as const satisfies ReadonlyArray<keyof DeliveryInput>;

export const MEETUP_ONLY: DeliveryDetails = {
  delivery: "meetup",
  shipsFromCountry: null,
  shipsFromPostalCode: null,
  parcel: null,
  shippingPrice: null,
  handlingDays: null,
};

export type ReadDelivery =
  | { ok: true; delivery: DeliveryDetails }
  | { ok: false; issues: Array<{ path: keyof DeliveryInput; message: string }> };

/**
 * A listing's delivery fields read together: a meetup keeps none of the shipping fields (what a
 * form still holds from before is dropped); shipping needs its country, postal code, parcel and
 * handling time, and takes a flat price or, left empty, the carrier's rate.
 */
export function readDelivery(input: DeliveryInput, currency: Currency): ReadDelivery {
  if (!ships(input.delivery)) return { ok: true, delivery: MEETUP_ONLY };
  const issues: Array<{ path: keyof DeliveryInput; message: string }> = [];
  const country = input.shipsFromCountry.toUpperCase();
  let shipsFromCountry: ShippingCountry | null = null;
  if (country === "") issues.push({ path: "shipsFromCountry", message: DELIVERY_MESSAGES.countryRequired });
  else if (!isShippingCountry(country)) issues.push({ path: "shipsFromCountry", message: DELIVERY_MESSAGES.country });
  else shipsFromCountry = country;

  let shipsFromPostalCode: string | null = null;
  if (input.shipsFromPostalCode === "")
    issues.push({ path: "shipsFromPostalCode", message: DELIVERY_MESSAGES.postalCodeRequired });
  else if (shipsFromCountry) {
    shipsFromPostalCode = readPostalCode(shipsFromCountry, input.shipsFromPostalCode);
    if (shipsFromPostalCode === null)
      issues.push({ path: "shipsFromPostalCode", message: DELIVERY_MESSAGES.postalCode[shipsFromCountry] });
  }

  const parcelKey = input.parcel.toLowerCase();
  const parcel = isParcelSize(parcelKey) ? parcelKey : null;
  if (parcel === null)
    issues.push({
      path: "parcel",
      message: input.parcel === "" ? DELIVERY_MESSAGES.parcelRequired : DELIVERY_MESSAGES.parcel,
    });

  let shippingPrice: number | null = null;
  if (input.shippingPrice !== "") {
    shippingPrice = parseMoney(input.shippingPrice, currency);
    if (shippingPrice === null || shippingPrice > DELIVERY_LIMITS.maxShippingCents)
      issues.push({ path: "shippingPrice", message: shippingPriceMessage(currency) });
  }

  const days = /^\d{1,2}$/.test(input.handlingDays) ? Number(input.handlingDays) : Number.NaN;
  const handlingDays = days >= DELIVERY_LIMITS.minHandlingDays && days <= DELIVERY_LIMITS.maxHandlingDays ? days : null;
  if (handlingDays === null)
    issues.push({
      path: "handlingDays",
      message: input.handlingDays === "" ? DELIVERY_MESSAGES.handlingDaysRequired : DELIVERY_MESSAGES.handlingDays,
    });

  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    delivery: { delivery: input.delivery, shipsFromCountry, shipsFromPostalCode, parcel, shippingPrice, handlingDays },
  };
}

/**
 * What a search can ask of how a listing changes hands: "meetup" (it can be met in person) or
 * "ship-us" / "ship-ca" (it ships within that country, which is where it ships from).
 */
export type DeliveryChoice = "meetup" | `ship-${Lowercase<ShippingCountry>}`;
export const DELIVERY_CHOICES: readonly DeliveryChoice[] = [
  "meetup",
  ...SHIPPING_COUNTRIES.map((code) => `ship-${code.toLowerCase() as Lowercase<ShippingCountry>}` as const),
];

export const DELIVERY_CHOICE_LABELS: Record<DeliveryChoice, string> = {
  meetup: "Meetup in person",
  ...(Object.fromEntries(
    SHIPPING_COUNTRIES.map((code) => [`ship-${code.toLowerCase()}`, `Ships to ${COUNTRY_NAMES[code]}`]),
  ) as Record<`ship-${Lowercase<ShippingCountry>}`, string>),
};

export const DELIVERY_CHOICE_MESSAGE = `Delivery must be ${DELIVERY_CHOICES.join(", ")} or left out.`;

export function isDeliveryChoice(value: string): value is DeliveryChoice {
  return (DELIVERY_CHOICES as readonly string[]).includes(value);
}

/** The country a "ships to" choice names, or null for a meetup. */
export function shipsToOf(choice: DeliveryChoice): ShippingCountry | null {
  return choice === "meetup" ? null : (choice.slice("ship-".length).toUpperCase() as ShippingCountry);
}
