// Local demo accounts. These passwords exist only in local development databases.
import type { Role } from "#db/closed-lists";

export interface SeedAccount {
  key: "admin" | "seller1" | "seller2" | "buyer1" | "buyer2";
  name: string;
  email: string;
  password: string;
  role: Role;
  verified: boolean;
}

export const seedAccounts: SeedAccount[] = [
  {
    key: "admin",
    name: "Avery Admin",
    email: "admin@payandbuy.local",
    password: "admin-local-pass",
    role: "admin",
    verified: false,
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
