// The pages whose form can be refused for too many attempts (sign-in, its second step, a reset
// link) pass the action's Retry-After on to the client, with the page's own headers.
import type { HeadersFunction } from "react-router";

export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
