// Local demo accounts. These passwords (and the admin's authenticator key) exist only in local
// development databases.
import type { Role } from "#db/closed-lists";

/**
 * The demo admin's authenticator key (base32): admins must sign in with two-factor sign-in, so the
 * seeded admin is enrolled with this fixed key, which local journeys and scripts use to make its
 * codes (README). Local data only: a real admin sets up their own key on first sign-in.
 */
export const DEMO_ADMIN_TOTP_SECRET = "PAYANDBUYDEMOADMINLOCALONLY23456";

export interface SeedAccount {
  key: "admin" | "seller1" | "seller2" | "buyer1" | "buyer2";
  name: string;
  email: string;
  password: string;
  role: Role;
  verified: boolean;
  /** Two-factor sign-in with this authenticator key. */
  totpSecret?: string;
}

export const seedAccounts: SeedAccount[] = [
  {
    key: "admin",
    name: "Avery Admin",
    email: "admin@payandbuy.local",
    password: "admin-local-pass",
    role: "admin",
    verified: false,
    totpSecret: DEMO_ADMIN_TOTP_SECRET,
  },
  {
    key: "seller1",
    name: "Maya Lens",
    email: "maya@payandbuy.local",
    password: "seller-local-pass",
    role: "seller",
    verified: true,
  },
  {
    key: "seller2",
    name: "Owen Shutter",
    email: "owen@payandbuy.local",
    password: "seller-local-pass",
    role: "seller",
    verified: false,
  },
  {
    key: "buyer1",
    name: "Bea Buyer",
    email: "bea@payandbuy.local",
    password: "buyer-local-pass",
    role: "buyer",
    verified: false,
  },
  {
    key: "buyer2",
    name: "Ben Buyer",
    email: "ben@payandbuy.local",
    password: "buyer-local-pass",
    role: "buyer",
    verified: false,
  },
];
