// The pages a shop that takes cards owes its customers: how buying is protected, the terms, what
// happens to personal data, conditions explained, how to reach us. Every sentence describes what
// the product does (PRODUCT.md, the booking, payment and moderation code); change them together.

import { PROTECTION_TOKENS } from "#app/domain/deals/claims/protection-words";
import {
  RETURN_ANSWER_DAYS,
  RETURN_CHECK_DAYS,
  RETURN_SEND_DAYS,
  SHUTTER_RISE_SHOWN,
} from "#app/domain/deals/returns/return-words";

export interface TrustSection {
  title: string;
  paragraphs: string[];
  points?: string[];
}

export interface TrustPage {
  path: "/buyer-protection" | "/terms" | "/privacy" | "/help" | "/contact";
  /** The page's title (Pay&Buy + its name, like every page). */
  title: string;
  eyebrow: string;
  heading: string;
  description: string;
  intro: string;
  updated?: string;
  sections: TrustSection[];
}

const UPDATED = "Last updated on 23 November 2026.";

export const BOOKING_HOLD_HOURS = 48;

// The shipped deal's clock (app/domain/deals/parcels/clock.ts), written out: a page's text is
// built before the Worker runs.
const NOT_RECEIVED_DAYS = 14;
const AUTO_CANCEL_DAYS = 5;

export const buyerProtection: TrustPage = {
  path: "/buyer-protection",
  title: "Pay&Buy Buyer protection",
  eyebrow: "Buying safely",
  heading: "Buyer protection: your payment is held until you have the item",
  description:
    "How Pay&Buy protects buyers of meetups and parcels: the payment is held until you confirm or the protection window ends, parcels are tracked, a claim keeps the money held until an admin decides, and a parcel can be sent back under its return policy.",
  intro: `When you pay on Pay&Buy, the money is not paid to the seller yet: we hold it until you confirm you received the item as described, or until ${PROTECTION_TOKENS.days} after delivery (after you pay, for a meetup). While it is held you can open a claim, and the money stays held until our admins decide.`,
  updated: "Last updated on 3 December 2026.",
  sections: [
    {
      title: "Booking holds the item for you",
      paragraphs: [
        "When you book, the item is held for you alone: it leaves the storefront and nobody else can book it, even if two people press Book Now at the same moment.",
        `The hold lasts until you pay or cancel, for at most ${PROTECTION_TOKENS.hold}. An unpaid booking that reaches that limit ends like a cancellation and the item is offered again. Booking itself charges nothing.`,
        "The price you pay is the listing's price when you booked, and for a parcel the shipping the booking showed: our server charges exactly that, and nothing your browser sends can change it.",
      ],
    },
    {
      title: "Your payment is held, not paid to the seller",
      paragraphs: [
        "Card payments are processed by Stripe. You type your card number into Stripe's own payment form; Pay&Buy never receives or stores it. A payment counts only once Stripe confirms it to us.",
        "Once you have paid, the money is held. It goes to the seller (less our fee) only when you press “I received it as described” in My Orders, or when the protection window ends without a claim or a return.",
        "When the site runs in test mode (the payment page says so), only Stripe's public test cards are accepted and no real card is ever charged.",
      ],
    },
    {
      title: "Meetups: look at the item, then pay",
      paragraphs: [
        "For an item you collect in person, meet the seller and look at it before you pay. If it is not as described, cancel the booking from My Orders instead of paying: nothing is charged and the item goes back on sale.",
        `Once you have paid, the protection window runs for ${PROTECTION_TOKENS.days} from your payment. A paid meetup cannot be cancelled on the site: open a claim instead (“Not as described” or “Item not handed over”).`,
      ],
    },
    {
      title: "Parcels: tracked from the seller to your door",
      paragraphs: [
        "For a parcel you pay the item and its shipping at once. The seller sends it within the handling time the listing shows, with a label bought through Pay&Buy or with the carrier and tracking number of their own; you follow it on the parcel's page, linked from My Orders.",
        `If the parcel is not sent by its ship-by date, you can cancel the purchase from the parcel's page and get everything back; ${AUTO_CANCEL_DAYS} days later we cancel and refund it ourselves.`,
        `The protection window runs for ${PROTECTION_TOKENS.days} from the day the carrier shows the parcel delivered. A parcel the seller tracks themselves is counted as delivered ${NOT_RECEIVED_DAYS} days after it was sent, and we write to ask whether it has arrived. A parcel not shown delivered ${NOT_RECEIVED_DAYS} days after it was sent can be claimed as not received.`,
        "Your address is shown to the seller only once you have paid, and erased 30 days after the deal is settled.",
      ],
    },
    {
      title: "Claims: when something is wrong",
      paragraphs: [
        "While your payment is held, open a claim from My Orders (Report a problem): the item is not as described, it was not handed over, the parcel did not arrive, or something else. Say what happened; the seller can answer.",
        "A claim keeps the payment held: it is not released to the seller while the claim is open. Our admins read both sides and decide: a full refund, a partial refund, or the payment released to the seller. A refund goes back to your card.",
        "“I received it as described” is offered once the item has reached you (a parcel the carrier shows delivered), never while a claim or a return is open, and asks first. It pays the seller at once and ends your protection: no claim can be opened after it. Press it only once you have the item and it is as described; otherwise the payment is released by itself when the window ends.",
      ],
    },
    {
      title: "Returns: sending a parcel back",
      paragraphs: [
        "Every listing that can be sent by post has a return policy, which the listing shows before you book: Faults only (the default), or Any reason within 14 days or within 30 days of delivery. Sellers choose it with the listing's shipping details. Your purchase keeps the policy as it was when you bought, whatever the listing says later. With returns for any reason, your payment stays held for the policy's days after delivery, so the seller is paid once they end.",
        "A fault is covered on every parcel within your buyer protection, whatever the policy: the item is not as described, does not work, is the wrong item, or was damaged in transit. A change of mind is covered only where the policy takes any reason, within its days.",
        "A meetup has no return by post: check the item when you meet. A claim works as for any meetup.",
        `Ask for a return from the parcel's page (in your Dashboard, linked from My Orders) while your payment is held: before you press “I received it as described”, and within the protection window of ${PROTECTION_TOKENS.days} after delivery. Choose the reason, say what is wrong and add photos (up to 4); for a camera body or a lens, type its serial number and, for a body, the shutter count as you read it. While the return is open nothing is paid to the seller and the protection window stops.`,
        `The seller answers within ${RETURN_ANSWER_DAYS} days:`,
      ],
      points: [
        "Accept: a prepaid return label is made, addressed to the sender address the seller keeps in Settings → Addresses. You see that address only on the label. Sellers: keep a sender address there first, or no label can be made.",
        "Offer a part of the price back for you to keep the item: accept the offer and that part is refunded to you, or decline it and an admin decides.",
        "Decline: an admin decides, with what you both sent.",
        `No answer within ${RETURN_ANSWER_DAYS} days: an admin decides.`,
      ],
    },
    {
      title: "Returns: the parcel back, and the refund",
      paragraphs: [
        `Hand the parcel to the carrier within ${RETURN_SEND_DAYS} days of the label, packed as it came. If it is not sent by then, the return lapses and the deal goes on as before. The return parcel is tracked on the parcel's page like the one that came to you.`,
        "For a fault the seller pays the return label: it is what the seller owes, shown on their Payouts page and taken from their later sales. For a change of mind you pay it: its cost is taken from your refund.",
        `Once the parcel is back, the seller has ${RETURN_CHECK_DAYS} days to check it and reads its serial number. The refund is made automatically when those days end (or as soon as the seller confirms it came back as sent), unless the seller reports a problem, “Not the item I sent” or “Damaged by the buyer”: then an admin decides, with both sides' photos. A serial number that does not match the one the seller recorded on the listing also stops the automatic refund, and an admin decides. For a camera body, a shutter count more than ${SHUTTER_RISE_SHOWN} above the listing's is shown to the admin.`,
        "If you open a chargeback with your bank during a return, the return stops: your bank decides.",
        "We write at each step to whoever must act next: the seller when a return is asked and when its parcel arrives, you when the seller answers, when the label is ready and when the refund is made, and our admins when a return reaches them.",
      ],
    },
    {
      title: "Refunds we make by ourselves",
      paragraphs: [
        "If a payment reaches us for a booking that can no longer take it (it was cancelled or ended meanwhile, it was already paid, or the amount differs from the booking's price), the payment is not kept: the full amount is refunded to your card automatically.",
        "If the seller deletes the listing, leaves Pay&Buy, or our admins remove the listing before you pay, your booking ends and My Orders shows it as cancelled, with the reason.",
      ],
    },
    {
      title: "Who you buy from",
      paragraphs: [
        "A Verified badge beside a seller's name means one of our admins has reviewed and verified that seller. Sellers' contact numbers are shown to signed-in members only. Keep the deal on Pay&Buy: a payment made to a seller another way is not held, and none of this protection covers it.",
        "Anyone signed in can report a listing that looks counterfeit, stolen, misleading or offensive; reports go to our admins, who can take the listing down.",
      ],
    },
  ],
};

export const terms: TrustPage = {
  path: "/terms",
  title: "Pay&Buy Terms",
  eyebrow: "Terms of use",
  heading: "Terms of use",
  description:
    "The terms of using Pay&Buy: accounts, listings, booking and card payments, what may not be sold, and how our admins moderate the marketplace.",
  intro:
    "Pay&Buy is a marketplace where people sell their second-hand camera and photo gear to other people. By creating an account or using the site you agree to these terms.",
  updated: UPDATED,
  sections: [
    {
      title: "Accounts",
      paragraphs: [
        "You register with your name, an email address and a password of at least 8 characters, or with Google when it is offered. You join as a buyer or as a seller; the admin role is never given through the site.",
        "Keep your password to yourself. You are responsible for what is done with your account. Logging out ends your session on our server at once.",
      ],
    },
    {
      title: "Selling",
      paragraphs: [
        "Sellers list only items they own and may sell. A listing must describe the item truthfully: its category, its condition (see the Help page), its faults, its year of purchase, its price and a real photo of it (JPEG, PNG, WebP or AVIF, up to 5 MB).",
        "Your listing shows your name and the location you give to everyone who visits the site, and your contact number to signed-in members only. Advertising a listing puts it on the home page.",
      ],
    },
    {
      title: "Buying, booking and paying",
      paragraphs: [
        "A booking holds an item for one buyer until they pay or cancel (see Buyer protection). Payment is by card, through Stripe, at the price of the listing when it was booked. The sale is between the buyer and the seller; Pay&Buy provides the marketplace and takes the card payment.",
        "A paid meetup cannot be cancelled on the site; a parcel not sent by its ship-by date can. The held payment, claims and refunds are described on the Buyer protection page.",
      ],
    },
    {
      title: "What may not be listed",
      paragraphs: ["Our admins remove listings that break these rules, and may delete the accounts behind them:"],
      points: [
        "counterfeit or stolen goods;",
        "items listed in the wrong category, or with a misleading description or photo;",
        "offensive content;",
        "anything the seller may not lawfully sell.",
      ],
    },
    {
      title: "Moderation",
      paragraphs: [
        "Anyone signed in can report a listing. Admins review reports, dismiss them or remove the listing; removing a listing ends its unpaid booking. Admins can also delete a seller or buyer account: it can no longer sign in and its listings leave the storefront, while payments and sale records stay, because the other party and the law rely on them.",
      ],
    },
    {
      title: "Changes",
      paragraphs: [
        "When these terms change, the new version is published on this page with its date. Questions about them are welcome through the Contact page.",
      ],
    },
  ],
};

export const privacy: TrustPage = {
  path: "/privacy",
  title: "Pay&Buy Privacy",
  eyebrow: "Your data",
  heading: "Privacy: what we keep, why, and who sees it",
  description:
    "What personal data Pay&Buy keeps, why, who can see it, the cookies it sets, the companies that process it, and how to have it removed.",
  intro: "We keep only what the marketplace needs to work, and we show it only to the people who need it.",
  updated: UPDATED,
  sections: [
    {
      title: "What we keep",
      paragraphs: [],
      points: [
        "Your account: name, email address, role (buyer or seller), and your password as a salted hash (PBKDF2), never the password itself. With Google sign-in, your Google account's email and name.",
        "Your sessions: when you signed in and whether you signed out, so that logging out works at once.",
        "Failed sign-in attempts: the email address tried and the network address it came from, to slow down password guessing.",
        "Listings: what sellers write, their photos, contact number and location.",
        "Bookings: the meeting place and phone number you give, the price and the dates; payments: the amount, the date and the payment provider's transaction id (never your card number).",
        "Wishlists, reports (the reason and any details you write) and newsletter subscriptions (your email address).",
      ],
    },
    {
      title: "Who sees what",
      paragraphs: [],
      points: [
        "Everyone who visits: a listing's photo, description, price, location and the seller's name; members who are signed in: the seller's contact number too.",
        "The seller of an item you book: your meeting place and phone number; after you pay, your name and email address, in their list of buyers.",
        "Our admins: the lists of sellers and buyers, and the reports with the names and email addresses of who reported what. The person whose listing is reported is not told who reported it.",
      ],
    },
    {
      title: "Cookies",
      paragraphs: [
        "Pay&Buy sets only the cookies it needs, all of them HttpOnly (no script can read them) and sent only to this site: the session cookie that keeps you signed in; a one-time cookie that carries a message (such as 'Booking Submitted Successfully') or a refused form's errors to the next page and is then deleted; and, during Google sign-in only, short-lived cookies that protect that sign-in. The loading screen remembers in your browser's session storage that it was shown. There are no advertising or tracking cookies.",
        "On the payment page, when card payments go through Stripe, Stripe's payment form sets its own cookies to prevent fraud.",
      ],
    },
    {
      title: "Companies that process data for us",
      paragraphs: [
        "Cloudflare hosts the site, its database and the photos. Stripe processes card payments. Google processes the sign-in when you choose Sign in with Google. They process it on our behalf.",
      ],
    },
    {
      title: "How long we keep it, and your choices",
      paragraphs: [
        "Every page and answer that shows your personal data is sent with the instruction that no cache, on the way or in your browser, may keep it.",
        "To close your account, to correct your data, or to stop the newsletter, write to us from the Contact page. A closed account can no longer sign in and disappears from the site, but records of payments and sales stay, because the other party of each sale and the law rely on them.",
      ],
    },
  ],
};

export const help: TrustPage = {
  path: "/help",
  title: "Pay&Buy Help",
  eyebrow: "Help centre",
  heading: "Help: conditions, buying and selling",
  description:
    "What the condition grades mean on Pay&Buy, how buying and booking work, and how to sell, advertise and report a listing.",
  intro: "Every listing states its condition. Sellers choose it; these are the words they choose from.",
  sections: [
    {
      title: "How buying works",
      paragraphs: [
        "Browse by category or on the home page, keep items in your wishlist, and press Book Now to hold one. Meet the seller at the place you agree, then pay by card from My Orders; cancel the booking instead if the item is not right. The Buyer protection page has the details.",
      ],
    },
    {
      title: "How selling works",
      paragraphs: [
        "Register as a seller, then add a product from your dashboard with its condition, prices, year of purchase, location and a photo. Advertise it to show it on the home page. When a buyer pays, the sale appears in My Buyers. An admin can verify you, which adds the Verified badge to your listings.",
      ],
    },
    {
      title: "Reporting a listing",
      paragraphs: [
        "Use the flag on a listing (or Report this listing in the booking dialog) and choose what is wrong. The report goes to our admins, who can dismiss it or take the listing down.",
      ],
    },
  ],
};

export const contact: TrustPage = {
  path: "/contact",
  title: "Pay&Buy Contact",
  eyebrow: "Contact",
  heading: "Contact us",
  description:
    "How to reach Pay&Buy: about an order or a payment, a listing that looks wrong, your account and your data.",
  intro: "Tell us what your message is about, and include the name of the listing or order.",
  sections: [
    {
      title: "A listing that looks wrong",
      paragraphs: [
        "Report it with the flag on the listing: the report goes straight to our admins with the listing attached, which is the fastest way.",
      ],
    },
    {
      title: "An order or a payment",
      paragraphs: [
        "Unpaid bookings can be cancelled from My Orders at any time. For a paid order, write to us with the name of the item and the date you paid.",
      ],
    },
    {
      title: "Your account and your data",
      paragraphs: [
        "To close your account, correct your data or stop the newsletter, write to us from the address you registered with.",
      ],
    },
  ],
};
