/**
 * A fiat figure from the server's decimal text, in the language's format with the currency's 2 decimals, rounded
 * half up from the exact text (never through a float): "4500.755000" USD → "$4,500.76" in en_US, "US$4,500.76"
 * in zh_CN. A figure below a cent that is not zero reads "<$0.01", so a reward never shows as nothing.
 */
export function formatFiat(value: string, currency: string, language: string): string {
  const negative = value.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? value.slice(1) : value).split(".");
  const cents = BigInt(whole + `${fraction}000`.slice(0, 3));
  const rounded = (cents + 5n) / 10n;
  const format = new Intl.NumberFormat(language.replace("_", "-"), {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  if (rounded === 0n && /[1-9]/.test(whole + fraction)) return `<${format.format(0.01)}`;
  // two decimals of a bigint, formatted by parts so large amounts keep every digit
  const text = `${rounded / 100n}.${(rounded % 100n).toString().padStart(2, "0")}`;
  return format.format(`${negative ? "-" : ""}${text}` as `${number}`);
}
