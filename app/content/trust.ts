// The pages a shop that takes cards owes its customers: how buying is protected, the terms, what
// happens to personal data, conditions explained, how to reach us. Every sentence describes what
// the product does (PRODUCT.md, the booking, payment and moderation code); change them together.

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

export const buyerProtection: TrustPage = {
  path: "/buyer-protection",
  title: "Pay&Buy Buyer protection",
  eyebrow: "Buying safely",
  heading: "Buyer protection: how booking, paying and refunds work",
  description:
    "How Pay&Buy protects buyers: a booking holds the item until you pay or cancel, the price is fixed, card payments go through Stripe and money that cannot be taken is refunded.",
  intro:
    "You book an item, meet the seller, and pay by card from My Orders when you are ready. Until you pay, you can cancel at no cost; nothing is charged when you book.",
  updated: UPDATED,
  sections: [
    {
      title: "Booking holds the item for you",
      paragraphs: [
        "When you book, the item is held for you alone: it leaves the storefront and nobody else can book it, even if two people press Book Now at the same moment.",
        `The hold lasts until you pay or cancel, for at most ${BOOKING_HOLD_HOURS} hours. An unpaid booking that reaches that limit ends like a cancellation and the item is offered again.`,
        "Booking costs nothing. With it you give a meeting place and a phone number; the seller of the item can see them, so you can arrange to meet.",
      ],
    },
    {
      title: "The price is the listing's price",
      paragraphs: [
        "The price you see when you book is the price you pay. Our server reads it from the listing when you book and charges exactly that; nothing your browser sends can change it.",
      ],
    },
    {
      title: "Check the item, then pay",
      paragraphs: [
        "Pay from My Orders with the Pay button. You can meet the seller and look at the item first: if it is not as described, cancel the booking instead of paying.",
        "Card payments are processed by Stripe. You type your card number into Stripe's own payment form; Pay&Buy never receives or stores it. A payment counts only once Stripe confirms it to us; until then My Orders does not show it as paid.",
        "When the site runs in test mode (the payment page says so), only Stripe's public test cards are accepted and no real card is ever charged.",
      ],
    },
    {
      title: "Cancelling",
      paragraphs: [
        "Cancel an unpaid booking at any time from My Orders (Cancel Booking). Nothing is charged and the item goes back on sale.",
        "If the seller deletes the listing, leaves Pay&Buy, or our admins remove the listing, your unpaid booking ends and My Orders shows it as cancelled, with the reason.",
        "A paid booking cannot be cancelled on the site.",
      ],
    },
    {
      title: "Refunds",
      paragraphs: [
        "If a payment reaches us for a booking that can no longer take it (it was cancelled or ended meanwhile, it was already paid, or the amount differs from the booking's price), the payment is not kept: the full amount is refunded to your card automatically.",
        "For a paid order that went wrong (the item is not what the listing said, or it was never handed over), report the listing and write to us from the Contact page with the name of the item and the date you paid.",
      ],
    },
    {
      title: "Who you buy from",
      paragraphs: [
        "A Verified badge beside a seller's name means one of our admins has reviewed and verified that seller. Anyone signed in can report a listing that looks counterfeit, stolen, misleading or offensive; reports go to our admins, who can take the listing down.",
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
        "Your listing shows your name, your contact number and the location you give to everyone who visits the site. Advertising a listing puts it on the home page.",
      ],
    },
    {
      title: "Buying, booking and paying",
      paragraphs: [
        "A booking holds an item for one buyer until they pay or cancel (see Buyer protection). Payment is by card, through Stripe, at the price of the listing when it was booked. The sale is between the buyer and the seller; Pay&Buy provides the marketplace and takes the card payment.",
        "A paid booking cannot be cancelled on the site. Refunds are described on the Buyer protection page.",
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
        "Everyone who visits: a listing's photo, description, price, location, and the seller's name and contact number.",
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
