export default function Page() {
  return <h1>headers</h1>;
}
