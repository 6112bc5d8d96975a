/**
 * The words of the review request, in English; `count` is how many pieces it asks about. A second
 * language is a second object of this shape (texts.ts).
 */
const them = (count: number) => (count === 1 ? "it" : "them");

export const REVIEW_MAIL_TEXT = {
  subject: (titles: string[]) => (titles.length === 1 ? `How do you like ${titles[0]}?` : "How do you like your pieces?"),
  preview: "A few words help other collectors choose.",
  heading: (count: number) => `How do you like ${them(count)}?`,
  body: (orderId: number, count: number) =>
    `Your order #${orderId} has arrived. If you have a moment, a few words and a photo of your doll wearing ${them(count)} help other collectors choose. Only buyers can review, and each review is read before it appears.`,
  review: (title: string) => `Review ${title}`,
  only: "This is the only e-mail we send about this order.",
  stop: "Stop review requests",
};

export type ReviewMailText = typeof REVIEW_MAIL_TEXT;
