// Texts of the payment page, shared by the server and the page.
export const PAYMENT_MESSAGES = {
  notFound: "There is no such booking.",
  notPayable: "This booking can no longer be paid.",
  expired: "This booking has expired: it was not paid in time, so it can no longer be paid.",
  paid: "Payment Successful",
  refund: "This booking could not take your payment; the amount will be refunded.",
} as const;
