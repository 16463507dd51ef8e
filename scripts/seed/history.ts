// Demo history for price guidance and the stolen-gear register: listings of the catalog's models
// that sold on Pay&Buy in the past months (paid through the test provider, so price guidance has
// real recorded sales to show), and one listing held because its serial was registered as stolen.
// They belong to two accounts of their own, so the demo accounts' lists stay as other suites
// expect them.
import type { SeedAccount } from "./accounts";
import type { SeedListing } from "./catalog";

export type HistoryAccountKey = "rita" | "quinn";

export type HistoryAccount = Omit<SeedAccount, "key"> & { key: HistoryAccountKey };
export type HistoryListing = Omit<SeedListing, "seller" | "advertised"> & {
  seller: HistoryAccountKey;
  /** Sold this many days ago to Quinn, at the listing's price; null: not sold. */
  soldDaysAgo: number | null;
};

export const historyAccounts: HistoryAccount[] = [
  {
    key: "rita",
    name: "Rita Archer",
    email: "rita@payandbuy.local",
    password: "seller-local-pass",
    role: "seller",
    verified: true,
  },
  {
    key: "quinn",
    name: "Quinn Hale",
    email: "quinn@payandbuy.local",
    password: "buyer-local-pass",
    role: "buyer",
    verified: false,
  },
];

type Sold = {
  key: string;
  model: string;
  category: "camera" | "camera lens";
  name: string;
  condition: SeedListing["condition"];
  price: string;
  originalPrice: string;
  soldDaysAgo: number;
  kind: "camera" | "camera-lens";
};

// What the catalog's models sold for: enough Canon EOS R6, Nikon Z6 II, Canon EF 24-70 and Nikon
// 70-200 sales for a price range (five at least, ADR 0076), two Sony a7 III (too few), and sales
// outside the six months or below the grade a listing is compared with.
const SOLD: Sold[] = [
  ...(
    [
      ["Good", "1380.00", 12],
      ["Good", "1420.00", 35],
      ["Good", "1450.00", 61],
      ["Good", "1475.00", 88],
      ["Good", "1510.00", 120],
      ["Excellent", "1560.00", 140],
      ["Excellent", "1620.00", 170],
      ["Fair", "1190.00", 45],
      ["Excellent", "1750.00", 270],
    ] as const
  ).map(([condition, price, days], index) => ({
    key: `canon-eos-r6-sold-${index + 1}`,
    model: "canon-eos-r6",
    category: "camera" as const,
    name: "Canon EOS R6 Body",
    condition,
    price,
    originalPrice: "2499.00",
    soldDaysAgo: days,
    kind: "camera" as const,
  })),
  ...(
    [
      ["1150.00", 20],
      ["1220.00", 75],
      ["1260.00", 130],
      ["1190.00", 50],
      ["1240.00", 100],
    ] as const
  ).map(([price, days], index) => ({
    key: `nikon-z6-ii-sold-${index + 1}`,
    model: "nikon-z6-ii",
    category: "camera" as const,
    name: "Nikon Z6 II Body",
    condition: "Excellent" as const,
    price,
    originalPrice: "1996.95",
    soldDaysAgo: days,
    kind: "camera" as const,
  })),
  ...(
    [
      ["1080.00", 30],
      ["1040.00", 90],
    ] as const
  ).map(([price, days], index) => ({
    key: `sony-a7-iii-sold-${index + 1}`,
    model: "sony-a7-iii",
    category: "camera" as const,
    name: "Sony Alpha a7 III Body",
    condition: "Excellent" as const,
    price,
    originalPrice: "1999.99",
    soldDaysAgo: days,
    kind: "camera" as const,
  })),
  ...(
    [
      ["Good", "980.00", 15],
      ["Good", "1020.00", 66],
      ["Excellent", "1100.00", 101],
      ["Excellent", "1150.00", 160],
      ["Good", "1060.00", 45],
    ] as const
  ).map(([condition, price, days], index) => ({
    key: `canon-ef-24-70-ii-sold-${index + 1}`,
    model: "canon-ef-24-70mm-f2-8l-ii-usm",
    category: "camera lens" as const,
    name: "Canon EF 24-70mm f/2.8L II USM",
    condition,
    price,
    originalPrice: "1899.00",
    soldDaysAgo: days,
    kind: "camera-lens" as const,
  })),
  ...(
    [
      ["1650.00", 25],
      ["1700.00", 80],
      ["1800.00", 150],
      ["1680.00", 40],
      ["1760.00", 110],
    ] as const
  ).map(([price, days], index) => ({
    key: `nikon-70-200e-sold-${index + 1}`,
    model: "nikon-af-s-70-200mm-f2-8e-fl-ed-vr",
    category: "camera lens" as const,
    name: "Nikon AF-S NIKKOR 70-200mm f/2.8E FL ED VR",
    condition: "Good" as const,
    price,
    originalPrice: "2799.95",
    soldDaysAgo: days,
    kind: "camera-lens" as const,
  })),
];

export const historyListings: HistoryListing[] = [
  ...SOLD.map(
    (sold, index): HistoryListing => ({
      key: sold.key,
      category: sold.category,
      name: sold.name,
      description: `${sold.name}, ${sold.condition.toLowerCase()} condition. Sold on Pay&Buy.`,
      condition: sold.condition,
      originalPrice: sold.originalPrice,
      resalePrice: sold.price,
      purchaseYear: 2021,
      location: "Pearl District, Portland, Oregon",
      contact: "+1 503 555 0150",
      seller: "rita",
      photo: { kind: sold.kind, variant: (index % 4) as 0 | 1 | 2 | 3 },
      // Listed a week before it sold.
      postedDaysAgo: sold.soldDaysAgo + 7,
      soldDaysAgo: sold.soldDaysAgo,
      gear: { model: sold.model, included: ["box"] },
    }),
  ),
  // Held for review: its serial matches the registration below (ADR 0056).
  {
    key: "canon-eos-6d-mark-ii-held-rita",
    category: "camera",
    name: "Canon EOS 6D Mark II Body",
    description: "Full-frame body in good order, about 40,000 shots. Battery and charger included.",
    condition: "Good",
    originalPrice: "1999.00",
    resalePrice: "690.00",
    purchaseYear: 2019,
    location: "Pearl District, Portland, Oregon",
    contact: "+1 503 555 0150",
    seller: "rita",
    photo: { kind: "camera", variant: 2 },
    postedDaysAgo: 3,
    soldDaysAgo: null,
    gear: {
      model: "canon-eos-6d-mark-ii",
      shutterCount: 40_000,
      shutterMethod: "estimate",
      included: ["battery", "charger"],
      serial: "083021001234",
    },
  },
];

/** A stolen-gear registration of the demo: Quinn's camera, stolen last month. */
export const historyStolenSerials = [
  {
    key: "quinn-6d-mark-ii",
    reporter: "quinn" as const,
    brand: "canon",
    serial: "083021001234",
    stolenDaysAgo: 30,
    policeReference: "PPB 26-418207",
    note: "Taken from a parked car with a 24-105 lens and a bag.",
    /** The listing it holds. */
    holds: "canon-eos-6d-mark-ii-held-rita",
  },
];
