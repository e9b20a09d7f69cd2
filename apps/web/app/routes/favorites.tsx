export default function Page() {
  return <h1>favorites</h1>;
}
