/**
 * The reviews part of a product's JSON-LD (schema.org): aggregateRating when it has approved
 * reviews, and the latest of them. Remix writes it into <script type="application/ld+json">
 * with `<`, `>` and `&` escaped, so a review's text cannot close the script.
 */
export function reviewsJsonLd(data: {
  average: number;
  count: number;
  reviews: { rating: number; title: string | null; text: string; authorName: string; createdAt: string }[];
}): Record<string, unknown> {
  if (data.count <= 0) return {};
  return {
    aggregateRating: { "@type": "AggregateRating", ratingValue: data.average, reviewCount: data.count, bestRating: 5, worstRating: 1 },
    review: data.reviews.map((r) => ({
      "@type": "Review",
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      author: { "@type": "Person", name: r.authorName },
      datePublished: r.createdAt.slice(0, 10),
      ...(r.title ? { name: r.title } : {}),
      reviewBody: r.text,
    })),
  };
}
