import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";

/** What is wrong with each field, in the user's words (fields that are fine are left out or undefined). */
export type FieldProblems<Values extends FieldValues> = { readonly [Name in keyof Values]?: string | undefined };

/**
 * A react-hook-form resolver from a plain check of the form's values, for forms that must not pull zod into
 * their bundle (the home page's calculator): each problem the check names becomes that field's error.
 */
export function checkResolver<Values extends FieldValues>(
  check: (values: Values) => FieldProblems<Values>,
): Resolver<Values> {
  return (values) => {
    const problems = Object.entries(check(values)).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    if (problems.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(problems.map(([name, message]) => [name, { type: "validate", message }]));
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
