import { createContext, useContext } from "react";

/** The request's CSP nonce, provided by entry.server; empty in the browser. */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
