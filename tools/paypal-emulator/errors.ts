// PayPal's error answers: names, messages and issue descriptions as the real API sends them.

const PAYPAL_MESSAGES: Record<string, string> = {
  INVALID_REQUEST: "Request is not well-formed, syntactically incorrect, or violates schema.",
  AUTHENTICATION_FAILURE: "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
  NOT_AUTHORIZED: "Authorization failed due to insufficient permissions.",
  RESOURCE_NOT_FOUND: "The specified resource does not exist.",
  METHOD_NOT_SUPPORTED: "The server does not implement the requested HTTP method.",
  UNSUPPORTED_MEDIA_TYPE: "The server does not support the request payload's media type.",
  UNPROCESSABLE_ENTITY: "The requested action could not be performed, semantically incorrect, or failed business validation.",
  RATE_LIMIT_REACHED: "Too many requests. Blocked due to rate limiting.",
  INTERNAL_SERVER_ERROR: "An internal server error has occurred.",
  SERVICE_UNAVAILABLE: "Service Unavailable.",
};

const NAME_BY_STATUS: Record<number, string> = {
  400: "INVALID_REQUEST",
  401: "AUTHENTICATION_FAILURE",
  403: "NOT_AUTHORIZED",
  404: "RESOURCE_NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_ENTITY",
  429: "RATE_LIMIT_REACHED",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

const ISSUE_DESCRIPTIONS: Record<string, string> = {
  MALFORMED_REQUEST_JSON: "The request JSON is not well formed.",
  MISSING_REQUIRED_PARAMETER: "A required field / parameter is missing.",
  INVALID_PARAMETER_VALUE: "The value of a field is invalid.",
  INVALID_PARAMETER_SYNTAX: "The value of a field does not conform to the expected format.",
  INVALID_STRING_LENGTH: "The value of a field is either too short or too long.",
  INVALID_ARRAY_MAX_ITEMS: "The number of items in an array parameter is too large.",
  INVALID_ARRAY_MIN_ITEMS: "The number of items in an array parameter is too small.",
  INVALID_RESOURCE_ID: "Specified resource ID does not exist. Please check the resource ID and try again.",
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  ORDER_COMPLETED_OR_VOIDED: "Order is voided or completed and hence cannot be processed.",
  ACTION_DOES_NOT_MATCH_INTENT:
    "Order was created with an intent to 'AUTHORIZE'. Please use v2/checkout/orders/order_id/authorize to complete the transaction or alternately, create an order with an intent of 'CAPTURE'.",
  INSTRUMENT_DECLINED: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  PAYER_ACTION_REQUIRED: "Transaction cannot complete successfully, instruct the buyer to return to PayPal.",
  TRANSACTION_REFUSED: "The request was refused.",
  REFERENCE_ID_REQUIRED: "'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided.",
  DUPLICATE_REFERENCE_ID: "`reference_id` must be unique if multiple purchase_unit are provided.",
  ITEM_TOTAL_REQUIRED: "If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.",
  ITEM_TOTAL_MISMATCH: "Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.",
  AMOUNT_MISMATCH: "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
  CURRENCY_MISMATCH: "Currency code should be the same for all amounts in a purchase_unit.",
  INVALID_JSON_POINTER_FORMAT:
    "Path should be a valid JSON Pointer https://tools.ietf.org/html/rfc6901 that references a location within the request where the field is to be patched.",
  INVALID_PATCH_OPERATION:
    "The operation cannot be honored. Cannot add a property that's already present, use replace. Cannot remove a property thats not present, use add. Cannot replace a property thats not present, use add.",
  PATCH_VALUE_REQUIRED: "Please specify a 'value' to for the field that is being patched.",
  FIELD_NOT_PATCHABLE: "Field cannot be patched.",
  CAPTURE_FULLY_REFUNDED: "The capture has already been fully refunded",
  REFUND_CAPTURE_CURRENCY_MISMATCH: "Refund must be in the same currency as the capture",
  REFUND_NOT_ALLOWED: "Capture cannot be refunded.",
  REFUND_TIME_LIMIT_EXCEEDED: "You are over the time limit to perform a refund on this capture",
  REFUND_AMOUNT_EXCEEDED: "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
  REFUND_FAILED_INSUFFICIENT_FUNDS:
    "Capture could not be refunded due to insufficient funds. Please check to see if you have sufficient funds in your PayPal account or if the bank account linked to your PayPal account is verified and has sufficient funds.",
};

export interface Detail {
  issue: string;
  description?: string;
  field?: string;
  value?: string;
  location?: string;
}

/** An error answer in PayPal's shape, thrown by handlers and written by the dispatcher. */
export class PaypalError extends Error {
  constructor(
    readonly status: number,
    readonly details: Detail[] = [],
    readonly errorName: string = NAME_BY_STATUS[status] ?? (status >= 500 ? "INTERNAL_SERVER_ERROR" : "INVALID_REQUEST"),
  ) {
    super(PAYPAL_MESSAGES[errorName] ?? errorName);
  }
}

export function detail(issue: string, field?: string, value?: unknown, location = "body"): Detail {
  const d: Detail = { issue, description: ISSUE_DESCRIPTIONS[issue] ?? issue.toLowerCase().replace(/_/g, " ") };
  if (field !== undefined) {
    d.field = field;
    if (value !== undefined && value !== null && typeof value !== "object") d.value = String(value);
    d.location = location;
  }
  return d;
}

export function methodNotAllowed(allow: string): never {
  throw Object.assign(new PaypalError(405, [], "METHOD_NOT_SUPPORTED"), { allow });
}
