/** `npx tsx tools/outbox.ts list | requeue <id> | requeue --all`: the CRM deliveries the outbox gave up on (server/commands/outbox.ts). */
import { main } from "../server/commands/outbox";

await main(process.argv.slice(2));
