import { ratingLabel } from "~/domain/reviews/texts";

/** Five stars filled to `average` (one decimal), read out as "4.8 out of 5, 12 reviews". */
export function Stars({ average, count, label }: { average: number; count?: number; label?: string }) {
  const text = label ?? (count !== undefined ? ratingLabel(average, count) : `${average} out of 5 stars`);
  return (
    <span className="stars" role="img" aria-label={text}>
      <span className="stars-fill" style={{ width: `${Math.max(0, Math.min(5, average)) * 20}%` }} aria-hidden="true">
        ★★★★★
      </span>
      <span aria-hidden="true">★★★★★</span>
    </span>
  );
}
