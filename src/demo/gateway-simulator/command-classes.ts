/** The command classes the simulated devices have: Z-Wave JS UI's name for each, and its named-topic label. */
export const CC_LABELS: Record<number, [name: string, topicLabel: string]> = {
  37: ["Binary Switch", "switch_binary"],
  38: ["Multilevel Switch", "switch_multilevel"],
  48: ["Binary Sensor", "sensor_binary"],
  49: ["Multilevel Sensor", "sensor_multilevel"],
  50: ["Meter", "meter"],
  51: ["Color Switch", "color"],
  64: ["Thermostat Mode", "thermostat_mode"],
  67: ["Thermostat Setpoint", "thermostat_setpoint"],
  98: ["Door Lock", "door_lock"],
  102: ["Barrier Operator", "barrier_operator"],
  // Not among Z-Wave JS UI's legacy names (api/lib/Constants.ts): its topics say unknownClass_106.
  106: ["Window Covering", "unknownClass_106"],
  113: ["Notification", "notification"],
  128: ["Battery", "battery"],
};
