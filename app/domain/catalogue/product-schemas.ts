import { z } from "zod";
import { typedAmount } from "~/domain/common/schemas";
import { centsToDecimal, decimalToCents, TYPED_AMOUNT_TEXT } from "~/lib/money";
import { MAX_MATERIALS, MAX_SAFETY_NOTICE, MAX_SKU, SAFETY_TEXT, SKU_PATTERN } from "~/domain/legal/product-safety";
import { LEAD_TIME_MAX_DAYS, LEAD_TIME_MIN_DAYS } from "~/domain/catalogue/made-to-order";
import { productCustomsFields } from "~/domain/customs/schemas";
import { productTranslationFields } from "~/domain/catalogue/translations";
import { MAX_DESCRIPTION, MAX_IMAGES, MAX_ROWS, MAX_SLUG, MAX_STOCK, MAX_TITLE, MAX_VARIATION_NAME, PRODUCT_TEXT } from "~/domain/catalogue/product-texts";

export const MADE_TO_ORDER_TEXT = {
  leadTime: `Lead time must be a whole number of days from ${LEAD_TIME_MIN_DAYS} to ${LEAD_TIME_MAX_DAYS}`,
  cap: "Most open made-to-order pieces must be a whole number of at least 1, or empty for no limit",
  flag: "Must be true or false",
} as const;

const Stock = z
  .number({
    required_error: PRODUCT_TEXT.stockMin,
    invalid_type_error: PRODUCT_TEXT.stockWhole,
  })
  .int(PRODUCT_TEXT.stockWhole)
  .min(0, PRODUCT_TEXT.stockMin)
  .max(MAX_STOCK, `Stock must be ${MAX_STOCK} or less`);

/**
 * A string as the spec says ("24.50"); a JSON number is taken too. The editor's form also takes
 * the decimal comma its owner types ("24,50"); the API does not, as its clients send "24.50".
 * Either way the value is the amount with a point ("24.50").
 */
const price = (comma: boolean) =>
  z
    .union([z.string(), z.number()], {
      errorMap: (issue, ctx) => ({ message: issue.code === z.ZodIssueCode.invalid_union ? PRODUCT_TEXT.priceRequired : ctx.defaultError }),
    })
    .transform((v) => (typeof v === "number" ? String(v) : v))
    .pipe(typedAmount({ requiredText: PRODUCT_TEXT.priceRequired, formatText: comma ? TYPED_AMOUNT_TEXT : PRODUCT_TEXT.priceFormat, comma }))
    .transform(centsToDecimal);

/**
 * The owner's reduction: the price before it, shown struck through (docs/decisions/prior-price.md).
 * "" or null: not reduced; left out on update: kept. The form takes the decimal comma, as Price.
 */
const regularPrice = (comma: boolean) => {
  const text = comma ? TYPED_AMOUNT_TEXT : PRODUCT_TEXT.regularPriceFormat;
  const amount = z
    .union([z.string(), z.number()], { errorMap: () => ({ message: text }) })
    .transform((v) => (typeof v === "number" ? String(v) : v))
    .pipe(typedAmount({ requiredText: text, formatText: text, comma }))
    .transform(centsToDecimal);
  return z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), amount.nullish());
};

export const ColorVariationSchema = z.object({
  colorId: z
    .number({
      required_error: PRODUCT_TEXT.colorRequired,
      invalid_type_error: PRODUCT_TEXT.colorRequired,
    })
    .int()
    .positive(PRODUCT_TEXT.colorRequired),
  stock: Stock.default(0),
});

export const ProductVariationSchema = z.object({
  /** Ignored: codes are given by position (A, B, C…). */
  variationCode: z.string().max(2).optional(),
  variationName: z
    .string({ required_error: PRODUCT_TEXT.variationNameRequired })
    .trim()
    .min(1, PRODUCT_TEXT.variationNameRequired)
    .max(MAX_VARIATION_NAME, `Variation name must be ${MAX_VARIATION_NAME} characters or less`),
  stock: Stock.default(0),
});

/** A finalized image's URL (POST /api/upload/finalize answers it): the file's name is its id. */
const FINALIZED_URL = /^\/uploads\/products\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:jpg|png|webp)$/;

/** The colour a photo shows: one of the product's colours; null: every colour. */
const ImageColor = z
  .number({ invalid_type_error: PRODUCT_TEXT.imageColorUnknown })
  .int(PRODUCT_TEXT.imageColorUnknown)
  .positive(PRODUCT_TEXT.imageColorUnknown)
  .nullable()
  .optional();

/** A new image: a temporary upload's id, or a finalized image by its id or its `imageUrl`. */
const TempImage = z
  .object({
    id: z.string().trim().min(1).max(100).optional(),
    imageUrl: z.string().max(300).optional(),
    isPrimary: z.boolean().optional(),
    colorId: ImageColor,
  })
  .transform((image, ctx) => {
    const id = image.id ?? FINALIZED_URL.exec(image.imageUrl ?? "")?.[1];
    if (!id) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: PRODUCT_TEXT.imageUnknown });
      return z.NEVER;
    }
    return { id, isPrimary: image.isPrimary, colorId: image.colorId };
  });
/** A stored image to keep; `colorId` left out keeps its stored colour. */
const ExistingImage = z.object({
  id: z.number().int().positive(),
  isPrimary: z.boolean().optional(),
  colorId: ImageColor,
});

const fields = {
  title: z
    .string({ required_error: PRODUCT_TEXT.titleRequired })
    .trim()
    .min(1, PRODUCT_TEXT.titleRequired)
    .max(MAX_TITLE, `Title must be ${MAX_TITLE} characters or less`),
  /** Empty: made from the title. */
  slug: z
    .string()
    .trim()
    .max(MAX_SLUG, `Slug must be ${MAX_SLUG} characters or less`)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, PRODUCT_TEXT.slugFormat)
    .optional(),
  price: price(false),
  regularPrice: regularPrice(false),
  stock: Stock.optional(),
  isLarge: z.boolean().optional(),
  isLatestCollection: z.boolean().optional(),
  categories: z.array(z.number().int().positive()).max(200).optional(),
  colorVariations: z.array(ColorVariationSchema).max(MAX_ROWS, `At most ${MAX_ROWS} colours`).optional(),
  productVariations: z.array(ProductVariationSchema).max(MAX_ROWS, `At most ${MAX_ROWS} variations`).optional(),
  /** Empty or left out: generated on create ('LSA-00042'), kept on update. Unique. */
  sku: z.string().trim().max(MAX_SKU, SAFETY_TEXT.skuTooLong).regex(SKU_PATTERN, SAFETY_TEXT.skuFormat).nullable().optional(),
  /** Free text, e.g. '100% cotton lawn'. Left out on update: kept. */
  materials: z.string().trim().max(MAX_MATERIALS, SAFETY_TEXT.materialsTooLong).optional(),
  /** Empty or null: the store's default notice (Settings). Left out on update: kept. */
  safetyNotice: z.string().trim().max(MAX_SAFETY_NOTICE, SAFETY_TEXT.safetyNoticeTooLong).nullable().optional(),
  /** Can be bought at stock 0 and is then sewn within leadTimeDays (docs/made-to-order.md). Left out on update: kept. */
  madeToOrder: z.boolean({ invalid_type_error: MADE_TO_ORDER_TEXT.flag }).optional(),
  /** Whole days, 1–365; required when madeToOrder. Left out on update: kept. */
  leadTimeDays: z
    .number({ invalid_type_error: MADE_TO_ORDER_TEXT.leadTime })
    .int(MADE_TO_ORDER_TEXT.leadTime)
    .min(LEAD_TIME_MIN_DAYS, MADE_TO_ORDER_TEXT.leadTime)
    .max(LEAD_TIME_MAX_DAYS, MADE_TO_ORDER_TEXT.leadTime)
    .nullable()
    .optional(),
  /** The most made-to-order pieces open at once; null: no cap. Left out on update: kept. */
  madeToOrderCap: z
    .number({ invalid_type_error: MADE_TO_ORDER_TEXT.cap })
    .int(MADE_TO_ORDER_TEXT.cap)
    .min(1, MADE_TO_ORDER_TEXT.cap)
    .max(MAX_STOCK, MADE_TO_ORDER_TEXT.cap)
    .nullable()
    .optional(),
  /** Made to the buyer's own measurements or choices: exempt from withdrawal. Left out on update: kept. */
  isPersonalised: z.boolean({ invalid_type_error: MADE_TO_ORDER_TEXT.flag }).optional(),
  /** Weight, HS code, origin and customs description (docs/shipping.md). Left out on update: kept; null: none / the Settings' default. */
  ...productCustomsFields,
  /** The owner's Polish texts `{pl: {title, description, materials, safetyNotice}}`. Left out on update: kept. */
  ...productTranslationFields,
  /** New images: temporary upload ids (POST /api/upload/temp). */
  images: z.array(TempImage).max(MAX_IMAGES, `At most ${MAX_IMAGES} images`).optional(),
};

type Fields = {
  price?: string;
  regularPrice?: string | null;
  colorVariations?: { colorId: number }[];
  productVariations?: unknown[];
  madeToOrder?: boolean;
  leadTimeDays?: number | null;
};

function exclusiveKinds(value: Fields, ctx: z.RefinementCtx) {
  // A regular price at or below the price would announce a reduction that is none.
  if (value.regularPrice && value.price && (decimalToCents(value.regularPrice) ?? 0) <= (decimalToCents(value.price) ?? 0)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["regularPrice"], message: PRODUCT_TEXT.regularPriceNotAbove });
  }
  // The lead time is what the buyer is promised: a made-to-order product cannot go without it.
  if (value.madeToOrder === true && (value.leadTimeDays === undefined || value.leadTimeDays === null)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["leadTimeDays"], message: MADE_TO_ORDER_TEXT.leadTime });
  }
  if ((value.colorVariations?.length ?? 0) > 0 && (value.productVariations?.length ?? 0) > 0) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["productVariations"],
      message: PRODUCT_TEXT.bothKinds,
    });
  }
  const seen = new Set<number>();
  value.colorVariations?.forEach((c, i) => {
    if (seen.has(c.colorId))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["colorVariations", i, "colorId"],
        message: PRODUCT_TEXT.colorTwice,
      });
    seen.add(c.colorId);
  });
}

const createShape = {
  ...fields,
  description: z
    .string({ required_error: PRODUCT_TEXT.descriptionRequired })
    .trim()
    .min(1, PRODUCT_TEXT.descriptionRequired)
    .max(MAX_DESCRIPTION, `Description must be ${MAX_DESCRIPTION} characters or less`),
};
const updateShape = {
  ...fields,
  description: z.string().trim().max(MAX_DESCRIPTION, `Description must be ${MAX_DESCRIPTION} characters or less`).optional(),
  existingImages: z.array(ExistingImage).max(MAX_IMAGES, `At most ${MAX_IMAGES} images`).optional(),
};

/** Add product: POST /api/admin/products. */
export const CreateProductSchema = z.object(createShape).superRefine(exclusiveKinds);
export type CreateProductInput = z.infer<typeof CreateProductSchema>;
/** Add product's form at /admin/products/add: as the API, but the price and the regular price may have a decimal comma. */
export const CreateProductFormSchema = z.object({ ...createShape, price: price(true), regularPrice: regularPrice(true) }).superRefine(exclusiveKinds);

/** Edit product: as add, but the description is optional; the stored images to keep come as existingImages. */
export const UpdateProductSchema = z.object(updateShape).superRefine(exclusiveKinds);
export type UpdateProductInput = z.infer<typeof UpdateProductSchema>;
/** Edit product's form: as the API, but the price and the regular price may have a decimal comma. */
export const UpdateProductFormSchema = z.object({ ...updateShape, price: price(true), regularPrice: regularPrice(true) }).superRefine(exclusiveKinds);

/** PATCH /api/admin/products/{id} and the Products tab's toggle. */
export const LatestCollectionSchema = z.object({
  isLatestCollection: z.boolean({
    required_error: "isLatestCollection is required",
  }),
});
export type LatestCollectionInput = z.infer<typeof LatestCollectionSchema>;

export const ProductIdSchema = z.object({
  productId: z.number().int().positive(),
});
