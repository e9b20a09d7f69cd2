export default function Page() {
  return <h1>game</h1>;
}
