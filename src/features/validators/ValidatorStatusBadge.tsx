import { useTranslation } from "react-i18next";
import { Badge } from "../../components/ui/badge/Badge.tsx";
import { statusTone } from "./status-tone.ts";
import { statusKey } from "./validator-status.ts";

/** A validator's status as the indexer last saw it, as a badge in the status's tone (unknown ones as they are). */
export function ValidatorStatusBadge({ status }: { readonly status: string }) {
  const { t } = useTranslation();
  const key = statusKey(status);
  return <Badge tone={statusTone(status)}>{key ? t(key) : status}</Badge>;
}
