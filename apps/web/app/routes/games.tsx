export default function Page() {
  return <h1>games</h1>;
}
