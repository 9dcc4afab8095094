/** The app's locale as the frame knows it: <html lang> with an underscore ("zh-CN" → "zh_CN"). */
export const appLocale = (): string => document.documentElement.lang.replace("-", "_");
