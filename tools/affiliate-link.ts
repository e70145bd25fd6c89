/** `npx tsx tools/affiliate-link.ts --partner <id> …`: an affiliate partner's signed link (server/commands/affiliateLink.ts). */
import { runMain } from "../server/commands/affiliateLink";

runMain(process.argv.slice(2));
