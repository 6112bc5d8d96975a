import { type ShopEntry } from "../../../server/entry";
import { bodyLimitFor, countedBody, MAX_BODY_BYTES, MAX_DRAIN_BYTES, tooLargeAnswer } from "~/lib/body-limit.server";
import { addressKey } from "~/lib/address";
import { logger, routeOf } from "~/lib/logger.server";
import { CROSS_SITE_MESSAGE, isCrossSiteWrite } from "~/lib/same-origin";
import { baseSecurityHeaders, NON_DOCUMENT_CSP } from "~/lib/security-headers.server";
import { forwardedWithoutTrustCheck } from "~/lib/trust-proxy.server";
import { CLIENT_IP_HEADER } from "~/web/http.server";
import { wantsJson } from "~/lib/wants-json";

/** The parts of the build's entry module the pipeline's steps use, from the app's own modules (no build needed). */
export function entryStub(overrides: Partial<ShopEntry> = {}): () => ShopEntry {
  const entry = {
    addressKey,
    baseSecurityHeaders,
    bodyLimitFor,
    CLIENT_IP_HEADER,
    countedBody,
    CROSS_SITE_MESSAGE,
    forwardedWithoutTrustCheck,
    isCrossSiteWrite,
    logger,
    MAX_BODY_BYTES,
    MAX_DRAIN_BYTES,
    NON_DOCUMENT_CSP,
    routeOf,
    startReadEpoch: () => {},
    tooLargeAnswer,
    wantsJson,
    ...overrides,
  } as unknown as ShopEntry;
  return () => entry;
}
