export default function Home() {
  return <main className="p-6"><h1 className="text-2xl font-bold">Ma Sói</h1></main>;
}
