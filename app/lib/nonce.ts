import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered on the server (entry.server.tsx
 * provides it). Remix's inline scripts carry it; in the browser it is empty, which is fine:
 * the scripts already ran, and the CSP is checked when a script is inserted.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
