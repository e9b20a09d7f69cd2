export default function Page() {
  return <h1>vip</h1>;
}
