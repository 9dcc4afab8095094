/** The part of i18next's `t` these formatters need; tests can pass a bound i18next instance's `t`. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;
