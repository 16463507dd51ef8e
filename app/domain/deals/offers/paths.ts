// Where the offer lists live: the buyer's offers and the offers on a seller's listings.
export const BUYER_OFFERS_PATH = "/dashboard/my_offers";
export const SELLER_OFFERS_PATH = "/dashboard/offers";
