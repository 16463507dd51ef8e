// Demo data for the admin's pages: sellers waiting for verification, buyers, and a few listings
// with open reports. The end-to-end suite verifies, deletes, reports and removes ONLY these
// (one set per browser project, `js` and `no-js`, which run in parallel on one database), so the
// catalog's accounts and listings stay as other suites expect them.
import type { ReportReason } from "#app/domain/moderation/report-schema";
import type { SeedAccount } from "./accounts";
import type { SeedListing } from "./catalog";

export type ModerationAccountKey = "nora" | "theo" | "ivy" | "jude" | "lena" | "remy" | "sam";

export type ModerationAccount = Omit<SeedAccount, "key"> & { key: ModerationAccountKey };
export type ModerationListing = Omit<SeedListing, "seller"> & { seller: ModerationAccountKey };

const SELLER_PASSWORD = "seller-local-pass";
const BUYER_PASSWORD = "buyer-local-pass";

export const moderationAccounts: ModerationAccount[] = [
  // Verified by the e2e suite (js, no-js): their advertised listing gets the badge.
  {
    key: "nora",
    name: "Nora Finch",
    email: "nora@payandbuy.local",
    password: SELLER_PASSWORD,
    role: "seller",
    verified: false,
  },
  {
    key: "theo",
    name: "Theo Marsh",
    email: "theo@payandbuy.local",
    password: SELLER_PASSWORD,
    role: "seller",
    verified: false,
  },
  // Deleted by the e2e suite (js, no-js).
  {
    key: "ivy",
    name: "Ivy Reed",
    email: "ivy@payandbuy.local",
    password: SELLER_PASSWORD,
    role: "seller",
    verified: false,
  },
  {
    key: "jude",
    name: "Jude Park",
    email: "jude@payandbuy.local",
    password: SELLER_PASSWORD,
    role: "seller",
    verified: false,
  },
  // Owns the reported listings.
  {
    key: "lena",
    name: "Lena Quill",
    email: "lena@payandbuy.local",
    password: SELLER_PASSWORD,
    role: "seller",
    verified: false,
  },
  // Reporters.
  {
    key: "remy",
    name: "Remy Cole",
    email: "remy@payandbuy.local",
    password: BUYER_PASSWORD,
    role: "buyer",
    verified: false,
  },
  {
    key: "sam",
    name: "Sam Ortiz",
    email: "sam@payandbuy.local",
    password: BUYER_PASSWORD,
    role: "buyer",
    verified: false,
  },
];

export const moderationListings: ModerationListing[] = [
  // Advertised and old, so they sit at the end of the home page's list, after the catalog's.
  {
    key: "domke-gripper-strap-nora",
    category: "camera strap",
    name: "Domke Gripper Camera Strap, 1.5 inch, Black",
    description:
      "The classic canvas strap with the rubber gripper weave, so it stays on the shoulder. Used on a film body for a couple of years; the canvas is soft now and the swivel clips are solid.",
    condition: "Good",
    originalPrice: "29.95",
    resalePrice: "15.00",
    purchaseYear: 2019,
    location: "Hyde Park, Chicago, Illinois",
    contact: "+1 773 555 0140",
    seller: "nora",
    advertised: true,
    photo: { kind: "camera-strap", variant: 1 },
    postedDaysAgo: 70,
  },
  {
    key: "peak-design-leash-ash-theo",
    category: "camera strap",
    name: "Peak Design Leash Camera Strap, Ash",
    description:
      "The compact Leash in Ash with all four anchors, which still show a full red indicator. Used for a year on a mirrorless body and washed once. The adjusters slide and lock as they should.",
    condition: "Excellent",
    originalPrice: "44.95",
    resalePrice: "29.00",
    purchaseYear: 2022,
    location: "Midtown, Sacramento, California",
    contact: "+1 916 555 0161",
    seller: "theo",
    advertised: true,
    photo: { kind: "camera-strap", variant: 2 },
    postedDaysAgo: 71,
  },
  {
    key: "kingston-canvas-react-plus-256gb-ivy",
    category: "memory card",
    name: "Kingston Canvas React Plus 256GB SDXC UHS-II",
    description:
      "Fast V90 card for 4K video, used in one camera for a season and formatted in camera. No errors ever; comes in the original plastic case.",
    condition: "Excellent",
    originalPrice: "169.99",
    resalePrice: "89.00",
    purchaseYear: 2022,
    location: "Ybor City, Tampa, Florida",
    contact: "+1 813 555 0150",
    seller: "ivy",
    advertised: false,
    photo: { kind: "memory-card", variant: 0 },
    postedDaysAgo: 1,
  },
  {
    key: "angelbird-av-pro-cfexpress-b-512gb-ivy",
    category: "memory card",
    name: "Angelbird AV PRO CFexpress Type B 512GB",
    description:
      "Sustained-write CFexpress card from my Z9 kit. It runs cool and has never dropped a frame. The label has a small nick at one corner.",
    condition: "Good",
    originalPrice: "399.99",
    resalePrice: "219.00",
    purchaseYear: 2021,
    location: "Ybor City, Tampa, Florida",
    contact: "+1 813 555 0150",
    seller: "ivy",
    advertised: false,
    photo: { kind: "memory-card", variant: 1 },
    postedDaysAgo: 2,
  },
  {
    key: "transcend-128gb-microsdxc-jude",
    category: "memory card",
    name: "Transcend 128GB microSDXC with SD Adapter",
    description:
      "Card from an action camera, with the full-size SD adapter. Tested with H2testw before listing, all 128GB read back clean.",
    condition: "Good",
    originalPrice: "29.99",
    resalePrice: "14.00",
    purchaseYear: 2021,
    location: "Five Points, Denver, Colorado",
    contact: "+1 303 555 0177",
    seller: "jude",
    advertised: false,
    photo: { kind: "memory-card", variant: 2 },
    postedDaysAgo: 1,
  },
  {
    key: "sony-sf-g-tough-64gb-jude",
    category: "memory card",
    name: "Sony SF-G Tough 64GB UHS-II SDXC",
    description:
      "The rib-less, one-piece Tough card. Used as the second slot backup, so it has seen very few writes. Case included.",
    condition: "Excellent",
    originalPrice: "99.99",
    resalePrice: "49.00",
    purchaseYear: 2022,
    location: "Five Points, Denver, Colorado",
    contact: "+1 303 555 0177",
    seller: "jude",
    advertised: false,
    photo: { kind: "memory-card", variant: 3 },
    postedDaysAgo: 2,
  },
  // Reported and dismissed by the e2e suite (js, no-js).
  {
    key: "manfrotto-pixi-evo-lena",
    category: "tripod",
    name: "Manfrotto PIXI EVO Mini Tripod",
    description:
      "Tabletop tripod with the two-section legs and the ball head. Handy for vlogging; the legs lock at two angles. Minor scuffs on the feet.",
    condition: "Good",
    originalPrice: "49.88",
    resalePrice: "24.00",
    purchaseYear: 2020,
    location: "Near Northeast, Washington, District of Columbia",
    contact: "+1 202 555 0125",
    seller: "lena",
    advertised: false,
    photo: { kind: "tripod", variant: 1 },
    postedDaysAgo: 3,
  },
  {
    key: "ulanzi-mt-44-mini-tripod-lena",
    category: "tripod",
    name: "Ulanzi MT-44 Extendable Mini Tripod",
    description:
      "Small extendable tripod that doubles as a selfie grip, with a cold shoe on the head. Works fine; the foam grip has a small tear.",
    condition: "Fair",
    originalPrice: "29.99",
    resalePrice: "12.00",
    purchaseYear: 2021,
    location: "Near Northeast, Washington, District of Columbia",
    contact: "+1 202 555 0125",
    seller: "lena",
    advertised: false,
    photo: { kind: "tripod", variant: 2 },
    postedDaysAgo: 3,
  },
  // Removed by an admin in the e2e suite (js, no-js); each has a seeded open report.
  {
    key: "peak-design-capture-clip-v3-lena",
    category: "camera strap",
    name: "Peak Design Capture Clip V3, Black",
    description:
      "Belt and backpack-strap clip that holds a camera at your hip, with the standard plate. Everything is genuine Peak Design, I promise.",
    condition: "Excellent",
    originalPrice: "79.95",
    resalePrice: "25.00",
    purchaseYear: 2023,
    location: "Near Northeast, Washington, District of Columbia",
    contact: "+1 202 555 0125",
    seller: "lena",
    advertised: false,
    photo: { kind: "camera-strap", variant: 3 },
    postedDaysAgo: 4,
  },
  {
    key: "op-tech-super-classic-strap-lena",
    category: "camera strap",
    name: "OP/TECH Super Classic Neoprene Strap",
    description:
      "Stretchy neoprene neck strap that takes the weight off heavy bodies. Quick-disconnect loops included.",
    condition: "Good",
    originalPrice: "26.95",
    resalePrice: "11.00",
    purchaseYear: 2019,
    location: "Near Northeast, Washington, District of Columbia",
    contact: "+1 202 555 0125",
    seller: "lena",
    advertised: false,
    photo: { kind: "camera-strap", variant: 0 },
    postedDaysAgo: 4,
  },
  // For the demo only: what an admin finds on a normal morning. No test touches these.
  {
    key: "canon-eos-r5-sealed-lena",
    category: "camera bag",
    name: "Canon EOS R5 Body, Brand New in Sealed Box",
    description:
      "Brand new, never opened, sealed box. Price is firm, cash only, meet today. No questions about where it is from please.",
    condition: "Excellent",
    originalPrice: "3899.00",
    resalePrice: "950.00",
    purchaseYear: 2024,
    location: "Near Northeast, Washington, District of Columbia",
    contact: "+1 202 555 0125",
    seller: "lena",
    advertised: false,
    photo: { kind: "camera", variant: 2 },
    postedDaysAgo: 5,
  },
  {
    key: "lp-e6-battery-original-lena",
    category: "battery",
    name: "Canon LP-E6NH Battery (Original)",
    description: "Original Canon battery, holds a full charge. Two available.",
    condition: "Excellent",
    originalPrice: "79.00",
    resalePrice: "15.00",
    purchaseYear: 2023,
    location: "Near Northeast, Washington, District of Columbia",
    contact: "+1 202 555 0125",
    seller: "lena",
    advertised: false,
    photo: { kind: "battery", variant: 3 },
    postedDaysAgo: 6,
  },
];

export interface SeedReport {
  listing: string;
  reporter: ModerationAccountKey;
  reason: ReportReason;
  details?: string;
  reportedDaysAgo: number;
}

export const moderationReports: SeedReport[] = [
  {
    listing: "peak-design-capture-clip-v3-lena",
    reporter: "remy",
    reason: "counterfeit_or_stolen",
    details: "The plate has no Peak Design logo; this looks like a copy.",
    reportedDaysAgo: 1,
  },
  {
    listing: "op-tech-super-classic-strap-lena",
    reporter: "remy",
    reason: "misleading",
    details: "The photo shows a different strap.",
    reportedDaysAgo: 1,
  },
  {
    listing: "canon-eos-r5-sealed-lena",
    reporter: "remy",
    reason: "counterfeit_or_stolen",
    details: "A quarter of the price and 'no questions': this looks stolen.",
    reportedDaysAgo: 2,
  },
  { listing: "canon-eos-r5-sealed-lena", reporter: "sam", reason: "wrong_category", reportedDaysAgo: 1 },
  {
    listing: "lp-e6-battery-original-lena",
    reporter: "sam",
    reason: "misleading",
    details: "The label in the photo is a third-party battery.",
    reportedDaysAgo: 3,
  },
];
