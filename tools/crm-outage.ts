/** `npx tsx tools/crm-outage.ts [--outage-seconds=60] [--submissions=50]`: the CRM outage drill (server/commands/crmOutage.ts). */
import { main } from "../server/commands/crmOutage";

await main();
