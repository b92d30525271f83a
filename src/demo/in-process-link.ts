// A client of the embedded broker from inside its process (embedded-broker.ts): it publishes and
// subscribes through aedes's own API (`Aedes.publish`, `Aedes.subscribe`), so no MQTT packet is
// encoded, written or parsed on its side. The demo's simulated gateway reaches the broker through
// it; every other client, the bridge's own included, connects over MQTT as usual and sees the
// link's messages as any client's.
import type { Aedes, AedesPublishPacket } from "aedes";

export interface LinkOptions {
  /** What the broker publishes when the link drops without saying goodbye, as a client's MQTT will. */
  will?: { topic: string; payload: string; qos: 0 | 1; retain: boolean };
  /** Each message on one of the link's subscriptions, once, in the order the broker sent them. */
  onMessage(topic: string, payload: Buffer): void;
}

export interface InProcessLink {
  /** Until it ends, or the broker closes. */
  readonly connected: boolean;
  /** Resolves once the broker has taken the message and handed it to every subscriber (a PUBACK's moment). */
  publish(topic: string, payload: string, options: { qos: 0 | 1; retain: boolean }): Promise<void>;
  /**
   * Subscribes from now on. Unlike an MQTT subscription it is not sent the retained messages that
   * match it: the demo's gateway subscribes only to commands, which no client in the demo retains.
   */
  subscribe(filter: string): Promise<void>;
  /** Says goodbye; `force`: drops instead, and the broker publishes the will. Either way it ends. */
  end(force?: boolean): Promise<void>;
}

export function openInProcessLink(broker: Aedes, options: LinkOptions): InProcessLink {
  let open = !broker.closed;
  const filters = new Set<string>();
  // A message several of its filters match is handed over once per filter; a client gets it once.
  const handed = new WeakSet<AedesPublishPacket>();
  const inbox: AedesPublishPacket[] = [];
  let scheduled = false;

  // The broker's delivery returns at once, as a write to a client's socket does; the message is
  // read on a later turn, in order, as a socket's would be, never inside the publisher's call.
  function read(): void {
    scheduled = false;
    for (const packet of inbox.splice(0)) {
      if (!open) return;
      const { payload } = packet;
      options.onMessage(packet.topic, Buffer.isBuffer(payload) ? payload : Buffer.from(payload));
    }
  }
  const deliver = (packet: AedesPublishPacket, done: () => void): void => {
    if (open && !handed.has(packet)) {
      handed.add(packet);
      inbox.push(packet);
      if (!scheduled) {
        scheduled = true;
        setImmediate(read);
      }
    }
    done();
  };

  function publish(topic: string, payload: string, qos: 0 | 1, retain: boolean): Promise<void> {
    if (!open) return Promise.reject(new Error("the link to the embedded broker is closed"));
    return new Promise((resolve, reject) => {
      const packet = {
        cmd: "publish" as const,
        topic,
        payload: Buffer.from(payload),
        qos,
        retain,
        dup: false,
      };
      broker.publish(packet, (err) => (err ? reject(err) : resolve()));
    });
  }

  async function close(): Promise<void> {
    if (!open) return;
    open = false;
    broker.off("closed", onBrokerClosed);
    inbox.length = 0;
    if (broker.closed) return;
    await Promise.all(
      [...filters].map(
        (f) => new Promise<void>((resolve) => broker.unsubscribe(f, deliver, () => resolve())),
      ),
    );
  }
  // A broker that closes drops its clients, and does not publish their wills.
  const onBrokerClosed = (): void => void close();
  broker.once("closed", onBrokerClosed);

  return {
    get connected() {
      return open;
    },
    publish: (topic, payload, { qos, retain }) => publish(topic, payload, qos, retain),
    async subscribe(filter) {
      if (!open) throw new Error("the link to the embedded broker is closed");
      if (filters.has(filter)) return;
      filters.add(filter);
      await new Promise<void>((resolve) => broker.subscribe(filter, deliver, () => resolve()));
    },
    async end(force = false) {
      const will = force && open ? options.will : undefined;
      await close();
      if (will && !broker.closed)
        await new Promise<void>((resolve) =>
          broker.publish(
            {
              cmd: "publish",
              topic: will.topic,
              payload: Buffer.from(will.payload),
              qos: will.qos,
              retain: will.retain,
              dup: false,
            },
            () => resolve(),
          ),
        );
    },
  };
}
