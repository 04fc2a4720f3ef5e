import type { ReactNode } from "react";
import "./globals.css";

export const metadata = { title: "Ma Sói", description: "Online Werewolf with friends" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="vi">
      <body className="min-h-dvh bg-slate-950 text-slate-100">{children}</body>
    </html>
  );
}
