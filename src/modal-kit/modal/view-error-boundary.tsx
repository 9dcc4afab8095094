import { Component, type ReactNode } from "react";
import type { ErrorCategory } from "../analytics/analytics.ts";

interface Props {
  /** Reports the failure (the kit's analytics, INTERNAL_SDK_ERROR). */
  readonly report: (error: unknown, category: ErrorCategory) => void;
  /** Shown instead of the view that failed. */
  readonly fallback: ReactNode;
  readonly children: ReactNode;
}

/** A view that throws while rendering is reported as INTERNAL_SDK_ERROR and replaced by `fallback`. */
export class ViewErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.report(error, "INTERNAL_SDK_ERROR");
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
