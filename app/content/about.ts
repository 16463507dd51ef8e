export interface AboutBlock {
  title: "More Freedom" | "More Possibility" | "More Circularity" | "More Community";
  lead: string;
  paragraphs: string[];
}

export const aboutIntro: { heading: string; paragraphs: string[] } = {
  heading: "Good camera gear deserves a second life",
  paragraphs: [
    "Pay&Buy is a marketplace for second-hand camera and photo gear. Bodies, lenses, flashes, tripods, bags and film cameras change hands here between people who care about how they were used and how they will be used next.",
    "We built it to be simple on both sides: buyers find what they need and pay securely by card, sellers reach people who are actually looking for their gear, and our admins keep an eye on who is selling and what is listed.",
  ],
};

export const aboutBlocks: AboutBlock[] = [
  {
    title: "More Freedom",
    lead: "Buy and sell photo gear on your own terms, at your own pace.",
    paragraphs: [
      "As a buyer, you browse by category, save the items you like to your wishlist, and come back to them when you are ready. When something is right, you book it and pay by card, without haggling over messages or arranging cash.",
      "As a seller, you decide what to list, how to describe it and what to ask for it. You write the description, add your photos, and choose whether to advertise a listing to put it in front of more buyers.",
    ],
  },
  {
    title: "More Possibility",
    lead: "The lens you could not justify new might be waiting for you second-hand.",
    paragraphs: [
      "Used gear makes it easier to try a new focal length, add a second body, or explore a system you have been curious about. Browsing by category keeps the search focused, and your wishlist lets you keep several options in view while you decide.",
      "For sellers, the equipment sitting unused in a cupboard can fund the next step, whether that is an upgrade, a different system or simply some space on the shelf.",
    ],
  },
  {
    title: "More Circularity",
    lead: "Every item sold on Pay&Buy is one that keeps working instead of gathering dust.",
    paragraphs: [
      "Well-made camera gear often outlasts the period in which any one owner uses it. A good lens can serve several photographers over its life, and a reliable body can keep making pictures long after its first owner has moved on.",
      "Passing equipment on keeps it in use and gives someone else the chance to learn, experiment and create with it. That is the idea behind Pay&Buy: gear gets a second life, and often a third.",
    ],
  },
  {
    title: "More Community",
    lead: "A marketplace works best when buyers and sellers can trust each other.",
    paragraphs: [
      "Our admins verify sellers, so you can see who you are buying from. If a listing looks wrong, misleading or out of place, you can report it, and an admin will review it and take action where needed.",
      "Behind every listing is another photographer: someone who shot with that lens, carried that bag or learned on that camera. Pay&Buy connects people who share that interest and want their gear to go to someone who will use it.",
    ],
  },
];
