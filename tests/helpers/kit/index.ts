/**
 * The fixture kit: one way to make customers, products, orders and the other rows tests need.
 * Every function takes the database first: vitest passes its test database, Playwright passes
 * e2eDb() (tests/e2e/helpers/db.ts), the file the e2e server uses. Raw writes to the database
 * belong here and nowhere else in the tests.
 */
export * from "./customers";
export * from "./discount-uses";
export * from "./orders";
export * from "./products";
export * from "./rates";
export * from "./store";
