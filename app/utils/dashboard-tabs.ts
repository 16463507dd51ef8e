// The dashboard's tabs per role (spec section 2: anyone neither admin nor seller gets the
// buyer tabs): the pages' navigation, so it lives with the HTML adapter. The domain names the
// paths it links to in letters or redirects (offers, payouts, claims); the tabs read them.
import { BUYER_OFFERS_PATH, SELLER_OFFERS_PATH } from "#app/domain/deals/offers/paths";
import { CLAIMS_PATH, PAYOUTS_PATH, RECONCILIATION_PATH } from "#app/domain/deals/payouts/paths";
import type { Role } from "#db/closed-lists";

export interface DashboardTab {
  to: string;
  label: string;
}

/** Where two-factor sign-in is set up: an admin without it is sent here first. */
export const TWO_FACTOR_SETUP_PATH = "/dashboard/settings/two-factor";

/** The conversations of a buyer's or seller's bookings; the tab shows the unread count. */
export const MESSAGES_PATH = "/dashboard/messages";

export const DASHBOARD_TABS: Record<Role, DashboardTab[]> = {
  admin: [
    { to: "/dashboard/all_sellers", label: "All Sellers" },
    { to: "/dashboard/all_buyers", label: "All Buyers" },
    { to: "/dashboard/reported_items", label: "Reported Items" },
    { to: CLAIMS_PATH, label: "Claims" },
    { to: RECONCILIATION_PATH, label: "Reconciliation" },
    { to: "/dashboard/serial_holds", label: "Held Listings" },
    { to: "/dashboard/stolen_gear", label: "Stolen Gear" },
    { to: "/dashboard/settings", label: "Settings" },
  ],
  seller: [
    { to: "/dashboard/add_product", label: "Add Product" },
    { to: "/dashboard/my_product", label: "My Products" },
    { to: "/dashboard/my_buyer", label: "My Buyers" },
    { to: SELLER_OFFERS_PATH, label: "Offers" },
    { to: MESSAGES_PATH, label: "Messages" },
    { to: PAYOUTS_PATH, label: "Payouts" },
    { to: "/dashboard/stolen_gear", label: "Stolen Gear" },
    { to: "/dashboard/settings", label: "Settings" },
  ],
  buyer: [
    { to: "/dashboard/my_orders", label: "My Orders" },
    { to: "/dashboard/wishlist", label: "Wishlist" },
    { to: BUYER_OFFERS_PATH, label: "My Offers" },
    { to: MESSAGES_PATH, label: "Messages" },
    { to: "/dashboard/stolen_gear", label: "Stolen Gear" },
    { to: "/dashboard/settings", label: "Settings" },
  ],
};

/** Where /dashboard leads each role. */
export const DASHBOARD_HOME: Record<Role, string> = {
  admin: "/dashboard/all_sellers",
  seller: "/dashboard/my_product",
  buyer: "/dashboard/my_orders",
};
