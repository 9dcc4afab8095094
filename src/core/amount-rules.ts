import { z } from "zod";
import { type AmountRules, checkAmount } from "./check-amount.ts";

// checkAmount lives without zod in check-amount.ts, so a screen that only checks (the home page's calculator)
// does not load zod; its names stay importable from here.
export { type AmountCheck, type AmountProblem, type AmountRules, checkAmount } from "./check-amount.ts";

/**
 * A zod schema for an amount field built from config: the issue's message is the locale key and its
 * `params` the values, so a form shows `t(message, params)` next to the field.
 */
export function amountSchema(rules: AmountRules) {
  return z.string().superRefine((text, context) => {
    const result = checkAmount(text, rules);
    if (result.ok) return;
    context.addIssue({
      code: "custom",
      message: result.problem.key,
      params: "values" in result.problem ? result.problem.values : {},
    });
  });
}
