// The error type lives on the ground floor so lib's HTTP helpers can map it; domain code keeps importing it from here.
export { DomainError, notFound } from "~/lib/errors";
