import { formatReceivedAt, nextSteps, ownerNextSteps, REMINDER_DAYS } from "~/domain/withdrawals/rules";

/**
 * The words of the withdrawal e-mails, in English: the customer's receipt, the owner's alert and
 * her reminder. What happens next is worded once in withdrawals/rules.ts, for the page and the
 * receipt alike. `{slot}`s are filled by the markup and the plain text alike; a second language
 * is a second object of this shape (texts.ts).
 */
const REFUND_DUE = "The refund is due within 14 days of the withdrawal.";

export const WITHDRAWAL_MAIL_TEXT = {
  receivedAt: formatReceivedAt,
  nextSteps,
  ownerNextSteps,
  ownerTodo: (steps: string) => `${steps} ${REFUND_DUE}`,
  received: {
    subject: (orderId: number) => `We received your withdrawal from order #${orderId}`,
    heading: "Your withdrawal is received",
    body: "We received your withdrawal from the contract for order {order} on {when}.",
    kept: "Your statement is kept with the order.",
    seen: "Your withdrawal as we received it, with your statement: {link}",
    next: "What happens next",
    sendTo: "Please send the items to:",
    theOrder: "The order",
    keep: "Keep this e-mail: it is your receipt. Your order: {link}",
  },
  owner: {
    subject: (orderId: number) => `Withdrawal received: order #${orderId}`,
    who: (name: string, email: string) => `${name} (${email})`,
    preview: (who: string, orderId: number, when: string) => `${who} withdrew from order #${orderId} on ${when}.`,
    heading: (orderId: number) => `Withdrawal from order #${orderId}`,
    body: "{who} withdrew from the contract for order {order} ({total}) on {when}. The receipt has gone to the order's address.",
    statement: "Statement:",
    button: "Open the order",
  },
  reminder: {
    subject: (orderId: number) => `Reminder: the withdrawal from order #${orderId} waits for you`,
    heading: "A withdrawal waits for you",
    body: (orderId: number, when: string) =>
      `The withdrawal from order #${orderId} received on ${when} has not been handled for ${REMINDER_DAYS} days. ${REFUND_DUE}`,
    button: "Open the order",
  },
};

export type WithdrawalMailText = typeof WITHDRAWAL_MAIL_TEXT;
