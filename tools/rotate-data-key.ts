/** `npx tsx tools/rotate-data-key.ts [--new-key [id]]`: encryption key rotation (server/commands/rotateDataKey.ts). */
import { main } from "../server/commands/rotateDataKey";

await main(process.argv.slice(2));
