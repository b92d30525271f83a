import type { Words } from "./words.js";

export interface Formats {
  time(value: string | number | undefined): string;
  duration(seconds: number): string;
  ms(value: number | undefined): string;
}

export function formats(words: Words, lang: string): Formats {
  return {
    time(value) {
      if (value === undefined) return words.unknown;
      const date = new Date(value);
      const today = new Date().toDateString() === date.toDateString();
      return today ? date.toLocaleTimeString(lang) : date.toLocaleString(lang);
    },
    duration(seconds) {
      const d = Math.floor(seconds / 86400);
      const h = Math.floor((seconds % 86400) / 3600);
      const m = Math.floor((seconds % 3600) / 60);
      const s = seconds % 60;
      if (d) return `${d} d ${h} h`;
      if (h) return `${h} h ${m} min`;
      if (m) return `${m} min ${s} s`;
      return `${s} s`;
    },
    ms(value) {
      if (typeof value !== "number") return "";
      return `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
    },
  };
}
