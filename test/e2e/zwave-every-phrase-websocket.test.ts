// Every kind of sentence that once went wrong on a Z-Wave home, in six languages, over Z-Wave JS's
// websocket server (test/support/zwave-every-phrase.ts).
import { describeEveryPhrase } from "../support/zwave-every-phrase.js";

describeEveryPhrase("websocket");
