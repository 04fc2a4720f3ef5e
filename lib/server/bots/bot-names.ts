// The names a host's language gives new bots (issue 22 item 4; the choice is explained in
// persona.ts). Data of the server, not UI text: a name is stored on the bot's member row when it
// is seated, so every reader sees the same one, and no list reaches the browser. Kept out of
// messages/*.json so the edge function (Deno, which needs JSON import attributes) can load the bots.
import type { Locale } from "../../i18n/config";

export const BOT_NAMES: Record<Locale, readonly string[]> = {
  vi: ["An", "Bình", "Chi", "Dũng", "Giang", "Hà", "Hải", "Hùng", "Khoa", "Lan", "Linh", "Mai", "Minh", "Nam", "Ngọc", "Phúc", "Quân", "Thảo", "Trang", "Tuấn"],
  en: ["Alex", "Ben", "Chloe", "Daisy", "Eli", "Finn", "Grace", "Hannah", "Jack", "Kate", "Leo", "Lily", "Max", "Mia", "Noah", "Olive", "Ruby", "Sam", "Tom", "Zoe"],
  zh: ["小明", "小红", "阿强", "小芳", "阿伟", "小丽", "大海", "小雪", "阿杰", "小燕", "阿龙", "小梅", "建国", "小兰", "阿飞", "小玲", "志强", "晓东", "小慧", "阿宝"],
};
