/** The command classes the simulated devices have: Z-Wave JS UI's name for each, and its named-topic label. */
export const CC_LABELS: Record<number, [name: string, topicLabel: string]> = {
  37: ["Binary Switch", "switch_binary"],
  38: ["Multilevel Switch", "switch_multilevel"],
  49: ["Multilevel Sensor", "sensor_multilevel"],
  50: ["Meter", "meter"],
  64: ["Thermostat Mode", "thermostat_mode"],
  67: ["Thermostat Setpoint", "thermostat_setpoint"],
  98: ["Door Lock", "door_lock"],
  113: ["Notification", "notification"],
  128: ["Battery", "battery"],
};
