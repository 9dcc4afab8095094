import type { Rule } from "./context.ts";
import { isObject } from "./context.ts";

/** A network's `icon` names a file in networks/icons/. */
export const networkIcons: Rule = ({ networks, iconFiles }) =>
  networks.flatMap((network) => {
    const icon = isObject(network.data) ? network.data.icon : undefined;
    if (typeof icon !== "string" || !/\.svg$/.test(icon) || iconFiles.has(icon)) return [];
    return [
      {
        file: network.file,
        pointer: "/icon",
        message: `"${icon}" is not in networks/icons/: expected the network's icon there, an SVG drawn for this project`,
      },
    ];
  });
