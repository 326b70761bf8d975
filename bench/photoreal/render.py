"""Photoreal tables for the reading benchmarks, rendered by Blender Cycles on the CPU.

Run inside Blender (Debian's 3.4), after ``bench/photoreal/assets.py`` wrote DIR/assets::

    blender -b -P bench/photoreal/render.py -- --out DIR --frames N --seed S --game tutankhamen
    blender -b -P bench/photoreal/render.py -- --out DIR --enrol --game ankh

A frame is a wood or cloth table (procedural textures), the kit's markers as printed
paper, and either a Tutankhamen path of bevelled 35 × 35 × 2 mm tiles with turned pawns
standing on some of them, or an Ankh table of seat cards, rows of 45 × 70 mm cards and the
papyrus pile; lit by a soft ceiling light and a warm lamp (2700–3600 K) whose shadows the
pawns cast; seen by a 66° camera 60–90 cm up, tilted 0–30°. Each raw render (DIR/raw/) has
a JSON of its truth with image positions from the camera's own projection;
bench/photoreal/camera.py then makes the camera frames. ``--enrol`` renders each face
alone on the table from above (DIR/raw-enrol/<family>/). Uses only Blender's Python: no
Scarab imports, no numpy.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

import bpy  # type: ignore[import-not-found]
from bpy_extras.object_utils import world_to_camera_view  # type: ignore[import-not-found]
from mathutils import Euler, Vector  # type: ignore[import-not-found]

MM = 0.001
TILE_MM, TILE_THICK = 35.0, 2.0
CARD_MM, CARD_THICK = (45.0, 70.0), 0.4
MARKER_PRINT_MM = 56.0  # 40 mm marker + 8 mm white margin each side (vision/markers.py)
PAWN_MM = 16.0
SIZE = (1280, 720)
LENS_DEG = 66.0


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="blender -b -P bench/photoreal/render.py --")
    p.add_argument("--out", required=True, type=Path)
    p.add_argument("--frames", type=int, default=24)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", choices=("tutankhamen", "ankh"), default="tutankhamen")
    p.add_argument("--samples", type=int, default=24, help="Cycles samples per pixel")
    p.add_argument("--start", type=int, default=0, help="the first frame's number")
    p.add_argument("--enrol", action="store_true", help="render the enrolment photos instead")
    p.add_argument("--threads", type=int, default=1)
    return p.parse_args(argv)


# ---------------------------------------------------------------- scene basics


def reset() -> None:
    """An empty scene (images stay loaded across frames)."""
    for obj in list(bpy.data.objects):
        bpy.data.objects.remove(obj, do_unlink=True)
    for block in (bpy.data.meshes, bpy.data.lights, bpy.data.cameras):
        for item in list(block):
            if item.users == 0:
                block.remove(item)


def setup_render(samples: int, threads: int, size: tuple[int, int]) -> None:
    scene = bpy.context.scene
    scene.render.engine = "CYCLES"
    cyc = scene.cycles
    cyc.device = "CPU"
    cyc.samples = samples
    cyc.use_adaptive_sampling = True
    cyc.adaptive_threshold = 0.05
    cyc.use_denoising = False  # Debian's Blender has no OpenImageDenoise; the camera step smooths
    cyc.max_bounces, cyc.diffuse_bounces, cyc.glossy_bounces = 4, 2, 2
    cyc.transmission_bounces = cyc.volume_bounces = cyc.transparent_max_bounces = 0
    cyc.caustics_reflective = cyc.caustics_refractive = False
    scene.render.threads_mode = "FIXED"
    scene.render.threads = threads
    scene.render.resolution_x, scene.render.resolution_y = size
    scene.render.resolution_percentage = 100
    scene.render.image_settings.file_format = "PNG"
    scene.view_settings.view_transform = "Filmic"
    scene.view_settings.look = "Medium Contrast"
    world = scene.world or bpy.data.worlds.new("world")
    scene.world = world
    world.use_nodes = True
    world.node_tree.nodes["Background"].inputs["Color"].default_value = (0.02, 0.02, 0.022, 1)
    world.node_tree.nodes["Background"].inputs["Strength"].default_value = 1.0


def kelvin_rgb(kelvin: float) -> tuple[float, float, float]:
    """Linear RGB of a black body, normalised to its brightest channel."""
    t = kelvin / 100.0
    r = 255.0 if t <= 66 else 329.7 * (t - 60) ** -0.1332
    g = 99.47 * math.log(t) - 161.1 if t <= 66 else 288.1 * (t - 60) ** -0.0755
    b = 255.0 if t >= 66 else (0.0 if t <= 19 else 138.5 * math.log(t - 10) - 305.0)
    rgb = [max(0.0, min(255.0, v)) / 255 for v in (r, g, b)]
    lin = [c**2.2 for c in rgb]
    top = max(lin)
    return lin[0] / top, lin[1] / top, lin[2] / top


def srgb_to_linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


MATERIALS: dict[str, Any] = {}


def principled(name: str, rgb: tuple[float, float, float], roughness: float, sheen: float = 0.0) -> Any:
    if name in MATERIALS:
        return MATERIALS[name]
    mat = bpy.data.materials.new(name)
    mat.use_nodes = True
    bsdf = mat.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = (*rgb, 1)
    bsdf.inputs["Roughness"].default_value = roughness
    bsdf.inputs["Sheen"].default_value = sheen
    MATERIALS[name] = mat
    return mat


def image_material(path: Path, roughness: float = 0.55, specular: float = 0.35) -> Any:
    """A printed face: the PNG as an image texture on a semi-matte print."""
    key = f"img:{path}"
    if key in MATERIALS:
        return MATERIALS[key]
    mat = bpy.data.materials.new(path.stem)
    mat.use_nodes = True
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes["Principled BSDF"]
    tex = nodes.new("ShaderNodeTexImage")
    tex.image = bpy.data.images.load(str(path), check_existing=True)
    tex.interpolation = "Cubic"
    links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])
    bsdf.inputs["Roughness"].default_value = roughness
    bsdf.inputs["Specular"].default_value = specular
    MATERIALS[key] = mat
    return mat


def table_material(rng: random.Random) -> tuple[Any, str]:
    """A procedural wood (wave bands, distorted) or cloth (fine fibre noise) top."""
    kind = rng.choice(("wood", "cloth"))
    mat = bpy.data.materials.new(f"table-{kind}")
    mat.use_nodes = True
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes["Principled BSDF"]
    coord = nodes.new("ShaderNodeTexCoord")
    mapping = nodes.new("ShaderNodeMapping")
    links.new(coord.outputs["Object"], mapping.inputs["Vector"])
    mix = nodes.new("ShaderNodeMixRGB")
    if kind == "wood":
        mapping.inputs["Scale"].default_value = (1.0, 14.0, 1.0)
        mapping.inputs["Rotation"].default_value = (
            0,
            0,
            rng.uniform(-0.3, 0.3) + rng.choice((0, math.pi / 2)),
        )
        wave = nodes.new("ShaderNodeTexWave")
        wave.inputs["Scale"].default_value = rng.uniform(2.0, 5.0)
        wave.inputs["Distortion"].default_value = rng.uniform(4.0, 9.0)
        wave.inputs["Detail"].default_value = 3.0
        links.new(mapping.outputs["Vector"], wave.inputs["Vector"])
        links.new(wave.outputs["Fac"], mix.inputs["Fac"])
        dark = rng.choice(((0.16, 0.08, 0.035), (0.32, 0.18, 0.08), (0.08, 0.045, 0.025), (0.45, 0.3, 0.16)))
        mix.inputs["Color1"].default_value = (*dark, 1)
        mix.inputs["Color2"].default_value = (*(min(1.0, c * 1.6) for c in dark), 1)
        bsdf.inputs["Roughness"].default_value = rng.uniform(0.3, 0.55)
    else:
        mapping.inputs["Scale"].default_value = (1.0, 1.0, 1.0)
        noise = nodes.new("ShaderNodeTexNoise")
        noise.inputs["Scale"].default_value = rng.uniform(250, 500)
        noise.inputs["Detail"].default_value = 4.0
        links.new(mapping.outputs["Vector"], noise.inputs["Vector"])
        links.new(noise.outputs["Fac"], mix.inputs["Fac"])
        cloth = rng.choice(((0.03, 0.12, 0.05), (0.05, 0.07, 0.16), (0.2, 0.2, 0.2), (0.25, 0.05, 0.04)))
        mix.inputs["Color1"].default_value = (*(c * 0.75 for c in cloth), 1)
        mix.inputs["Color2"].default_value = (*(min(1.0, c * 1.3) for c in cloth), 1)
        bsdf.inputs["Roughness"].default_value = 0.95
        bsdf.inputs["Sheen"].default_value = 0.6
    links.new(mix.outputs["Color"], bsdf.inputs["Base Color"])
    return mat, kind


def plane(name: str, w_mm: float, h_mm: float, mat: Any, x: float, y: float, z: float, turn: float) -> Any:
    """A flat rectangle centred at table (x, y) mm (y down the table), ``turn``° clockwise."""
    bpy.ops.mesh.primitive_plane_add(size=1)
    obj = bpy.context.active_object
    obj.name = name
    obj.scale = (w_mm * MM, h_mm * MM, 1)
    obj.location = (x * MM, -y * MM, z * MM)
    obj.rotation_euler = Euler((0, 0, -math.radians(turn)))
    obj.data.materials.append(mat)
    return obj


BOX_MESHES: dict[tuple[float, float, float], Any] = {}


def box(w_mm: float, h_mm: float, t_mm: float, mat: Any, x: float, y: float, z: float, turn: float) -> Any:
    """A bevelled board (a tile or a card) lying on the table."""
    key = (w_mm, h_mm, t_mm)
    if key not in BOX_MESHES:
        bpy.ops.mesh.primitive_cube_add(size=1)
        proto = bpy.context.active_object
        proto.scale = (w_mm * MM, h_mm * MM, t_mm * MM)
        bpy.ops.object.transform_apply(scale=True)
        bevel = proto.modifiers.new("bevel", "BEVEL")
        bevel.width = min(0.6, t_mm / 3) * MM
        bevel.segments = 2
        bpy.ops.object.modifier_apply(modifier="bevel")
        proto.data.use_fake_user = True  # kept for the next frame's boards
        BOX_MESHES[key] = proto.data
        bpy.data.objects.remove(proto, do_unlink=True)
    obj = bpy.data.objects.new("board", BOX_MESHES[key])
    bpy.context.collection.objects.link(obj)
    obj.location = (x * MM, -y * MM, (z + t_mm / 2) * MM)
    obj.rotation_euler = Euler((0, 0, -math.radians(turn)))
    obj.data.materials.clear()
    obj.data.materials.append(mat)
    return obj


def pawn(colour: tuple[float, float, float], x: float, y: float, z: float) -> None:
    """A turned pawn: a foot, a body and a ball head, painted wood."""
    lin = tuple(srgb_to_linear(c) for c in colour)
    mat = principled(f"pawn-{colour}", lin, 0.35)  # type: ignore[arg-type]
    parts = (("cyl", PAWN_MM / 2, 3.0, 1.5), ("cyl", PAWN_MM / 2 - 2.5, 12.0, 9.0), ("sph", 5.5, 0, 19.0))
    for kind, radius, height, zc in parts:
        if kind == "cyl":
            bpy.ops.mesh.primitive_cylinder_add(radius=radius * MM, depth=height * MM, vertices=32)
        else:
            bpy.ops.mesh.primitive_uv_sphere_add(radius=radius * MM, segments=24, ring_count=12)
        obj = bpy.context.active_object
        bpy.ops.object.shade_smooth()
        obj.location = (x * MM, -y * MM, (z + zc) * MM)
        obj.data.materials.append(mat)


def lights(rng: random.Random, centre: tuple[float, float]) -> dict[str, float]:
    """A soft ceiling light and a warm lamp to one side (its shadows are the hard ones)."""
    cx, cy = centre
    ceiling_k = rng.uniform(4000, 6500)
    area = bpy.data.lights.new("ceiling", "AREA")
    area.size = rng.uniform(0.8, 1.4)
    area.energy = rng.uniform(40, 80)
    area.color = kelvin_rgb(ceiling_k)
    obj = bpy.data.objects.new("ceiling", area)
    bpy.context.collection.objects.link(obj)
    obj.location = (
        cx * MM + rng.uniform(-0.4, 0.4),
        -cy * MM + rng.uniform(-0.4, 0.4),
        rng.uniform(1.5, 2.1),
    )
    lamp_k = rng.uniform(2700, 3600)
    point = bpy.data.lights.new("lamp", "POINT")
    point.energy = rng.uniform(3, 8)
    point.shadow_soft_size = rng.uniform(0.01, 0.04)
    point.color = kelvin_rgb(lamp_k)
    obj = bpy.data.objects.new("lamp", point)
    bpy.context.collection.objects.link(obj)
    a = rng.uniform(0, 2 * math.pi)
    r = rng.uniform(0.35, 0.6)
    obj.location = (cx * MM + r * math.cos(a), -cy * MM + r * math.sin(a), rng.uniform(0.35, 0.65))
    return {"ceiling_k": round(ceiling_k), "lamp_k": round(lamp_k)}


def add_table(rng: random.Random, centre: tuple[float, float]) -> str:
    mat, kind = table_material(rng)
    plane("table", 2400, 2400, mat, centre[0], centre[1], 0, 0)
    return kind


def marker(assets: Path, marker_id: int, x: float, y: float) -> None:
    mat = image_material(assets / "markers" / f"{marker_id}.png", roughness=0.8, specular=0.2)
    plane(f"marker-{marker_id}", MARKER_PRINT_MM, MARKER_PRINT_MM, mat, x, y, 0.15, 0)


# ---------------------------------------------------------------- the camera


def camera(
    rng: random.Random, target: tuple[float, float], must_see: list[tuple[float, float]]
) -> dict[str, float]:
    """A 66° camera looking at ``target`` from the seats' side, 60–90 cm up, tilted 0–30°,
    drawn back until every point of ``must_see`` (table mm) is inside the frame."""
    cam_data = bpy.data.cameras.new("cam")
    cam_data.sensor_fit = "HORIZONTAL"
    cam_data.angle = math.radians(LENS_DEG)
    cam_data.clip_start, cam_data.clip_end = 0.05, 10
    cam = bpy.data.objects.new("cam", cam_data)
    bpy.context.collection.objects.link(cam)
    bpy.context.scene.camera = cam
    tilt = math.radians(rng.uniform(0, 30))
    yaw = math.radians(rng.uniform(-12, 12))
    cam.rotation_euler = Euler((tilt, 0, yaw), "XYZ")
    tx, ty = target[0] * MM, -target[1] * MM

    def place(height: float) -> bool:
        d = height / math.cos(tilt) * MM
        back = Vector((0, -d * math.sin(tilt), d * math.cos(tilt)))
        back.rotate(Euler((0, 0, yaw)))
        cam.location = Vector((tx, ty, 0)) + back
        bpy.context.view_layer.update()
        return all(inside(project(cam, (x, y, 0)), 0.03) for x, y in must_see)

    height = 600.0  # as near as the play area allows, then a little further
    while not place(height) and height < 1400:
        height *= 1.03
    height = min(max(height * rng.uniform(1.0, 1.12), 600.0), max(height, 900.0))
    place(height)
    return {
        "tilt": round(math.degrees(tilt), 1),
        "yaw": round(math.degrees(yaw), 1),
        "height_mm": round(height),
    }


def project(cam: Any, point_mm: tuple[float, float, float]) -> tuple[float, float]:
    """Table mm (y down the table, z up) → image pixels (origin top left)."""
    x, y, z = point_mm
    co = world_to_camera_view(bpy.context.scene, cam, Vector((x * MM, -y * MM, z * MM)))
    return co.x * SIZE[0], (1 - co.y) * SIZE[1]


def inside(px: tuple[float, float], margin: float) -> bool:
    return (
        margin * SIZE[0] < px[0] < (1 - margin) * SIZE[0]
        and margin * SIZE[1] < px[1] < (1 - margin) * SIZE[1]
    )


# ---------------------------------------------------------------- Tutankhamen


def serpentine(n: int, rng: random.Random) -> list[tuple[float, float, float]]:
    """(x, y, turn) of n tiles in winding rows, a bend of two cells and a gap row between."""
    cols = rng.randint(9, 13)
    cells: list[tuple[int, int]] = []
    col, row, step = 0, 0, 1
    while len(cells) < n:
        for _ in range(rng.randint(max(3, cols - 4), cols)):
            if len(cells) == n or not 0 <= col < cols:
                break
            cells.append((col, row))
            col += step
        col -= step
        for _ in range(2):
            row += 1
            if len(cells) < n:
                cells.append((col, row))
        step = -step
        col += step
    gap = rng.uniform(0.5, 3.0)
    pitch = TILE_MM + gap
    return [
        (
            80 + c * pitch + rng.uniform(-gap, gap) / 2,
            65 + r * pitch + rng.uniform(-gap, gap) / 2,
            rng.uniform(-4, 4),
        )
        for c, r in cells
    ]


def beyond(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, float]:
    """Where a path-end marker lies: past tile a, away from its neighbour b."""
    offset = TILE_MM / 2 + 4 + MARKER_PRINT_MM / 2
    dx, dy = a[0] - b[0], a[1] - b[1]
    norm = math.hypot(dx, dy) or 1.0
    return a[0] + dx / norm * offset, a[1] + dy / norm * offset


def path_frame(assets: Path, manifest: dict[str, Any], family: str, rng: random.Random) -> dict[str, Any]:
    """A laid path of 24–40 tiles (King Tut last) with pawns on it; its truth."""
    box_tiles = list(manifest["box"])
    rng.shuffle(box_tiles)
    labels = [*box_tiles[: rng.randint(23, 39)], "kingtut"]
    slots = serpentine(len(labels), rng)
    width = max(s[0] for s in slots) + 80
    height = max(s[1] for s in slots) + 65
    corners = {0: (0.0, 0.0), 1: (width, 0.0), 2: (width, height), 3: (0.0, height)}
    ends = {10: beyond(slots[0], slots[1]), 11: beyond(slots[-1], slots[-2])}
    centre = (width / 2, height / 2)
    kind = add_table(rng, centre)
    light = lights(rng, centre)
    for marker_id, (x, y) in {**corners, **ends}.items():
        marker(assets, marker_id, x, y)
    board = principled("cardboard", (0.55, 0.5, 0.42), 0.8)
    for label, (x, y, turn) in zip(labels, slots, strict=True):
        quarter = rng.randrange(4) * 90
        box(TILE_MM, TILE_MM, TILE_THICK, board, x, y, 0, turn)
        face = image_material(assets / "faces" / family / f"{label}.png")
        plane(f"face-{label}", TILE_MM - 0.8, TILE_MM - 0.8, face, x, y, TILE_THICK + 0.02, turn + quarter)
    names = list(manifest["pawns"])
    rng.shuffle(names)
    spots = rng.sample(range(len(labels) - 1), k=rng.randint(0, 4))
    pawn_spots = []
    for name, index in zip(names, spots, strict=False):
        x, y = slots[index][0] + rng.uniform(-4, 4), slots[index][1] + rng.uniform(-4, 4)
        pawn(tuple(manifest["pawns"][name]), x, y, TILE_THICK)
        pawn_spots.append((name, index, x, y))
    pad = MARKER_PRINT_MM / 2
    see = [(x + sx * pad, y + sy * pad) for x, y in corners.values() for sx in (-1, 1) for sy in (-1, 1)]
    view = camera(rng, centre, see)
    cam = bpy.context.scene.camera
    tiles = [
        {"index": i, "label": label, "center": [round(v, 1) for v in project(cam, (x, y, TILE_THICK))]}
        for i, (label, (x, y, _)) in enumerate(zip(labels, slots, strict=True))
    ]
    pawns = [
        {
            "label": name,
            "index": index,
            "center": [round(v, 1) for v in project(cam, (x, y, TILE_THICK + 24))],
        }
        for name, index, x, y in pawn_spots
    ]
    return {"tiles": tiles, "pawns": pawns, "conditions": {"table": kind, **view, **light}}


# ---------------------------------------------------------------- Ankh

SEAT_INSET, MARKER_GAP = 20.0, 40.0


def card_pose(seat: dict[str, Any], i: int, n: int) -> tuple[float, float, float]:
    """Card i of a row of n in front of a seat: centre (mm) and turn (° clockwise), as
    vision/synth/cards.py lays rows."""
    fx, fy = seat["facing"]
    rx, ry = -fy, fx
    length = sum(CARD_MM[0] - o for o in seat["overlaps"][: max(n - 1, 0)])
    along = seat["shift"] - length / 2 + sum(CARD_MM[0] - o for o in seat["overlaps"][:i])
    out = MARKER_GAP + CARD_MM[1] / 2 + seat["wobble"][i]
    x = seat["marker"][0] + fx * out + rx * along
    y = seat["marker"][1] + fy * out + ry * along
    return x, y, math.degrees(math.atan2(fx, -fy)) + seat["turns"][i]


def card(assets: Path, family: str, label: str, x: float, y: float, z: float, turn: float) -> None:
    stock = principled("card-stock", (0.8, 0.78, 0.72), 0.6)
    box(CARD_MM[0], CARD_MM[1], CARD_THICK, stock, x, y, z, turn)
    face = image_material(assets / "faces" / family / f"{label}.png", roughness=0.4, specular=0.45)
    plane(f"face-{label}", CARD_MM[0] - 0.5, CARD_MM[1] - 0.5, face, x, y, z + CARD_THICK + 0.01, turn)


def ankh_frame(assets: Path, manifest: dict[str, Any], family: str, rng: random.Random) -> dict[str, Any]:
    """2–4 seats, rows of 0–5 mummy cards, a pile of 1–3 papyri; the truth."""
    w, h = rng.uniform(760, 820), rng.uniform(560, 590)
    e = SEAT_INSET
    spots = [
        ((0.27 * w, h - e), (0, -1)),
        ((0.73 * w, h - e), (0, -1)),
        ((w - e, h / 2), (-1, 0)),
        ((0.73 * w, e), (0, 1)),
        ((0.27 * w, e), (0, 1)),
        ((e, h / 2), (1, 0)),
    ]
    chosen = sorted(rng.sample(range(6), k=rng.randint(2, 4)))
    first = rng.randrange(len(chosen))
    chosen = chosen[first:] + chosen[:first]
    centre = (w / 2, h / 2)
    kind = add_table(rng, centre)
    light = lights(rng, centre)
    for marker_id, (x, y) in {0: (0, 0), 1: (w, 0), 2: (w, h), 3: (0, h)}.items():
        marker(assets, marker_id, x, y)
    rows: dict[str, list[str]] = {}
    cards = []
    seat_views = []
    for seat_no, k in enumerate(chosen):
        (mx, my), facing = spots[k]
        spot = (mx + rng.uniform(-5, 5), my + rng.uniform(-5, 5))
        seat = {
            "marker": spot,
            "facing": facing,
            "shift": rng.uniform(-8, 8),
            "overlaps": [rng.uniform(-1.0, 3.0) for _ in range(6)],
            "turns": [rng.uniform(-3, 3) for _ in range(6)],
            "wobble": [rng.uniform(-2, 2) for _ in range(6)],
        }
        marker(assets, 20 + seat_no, *spot)
        n = rng.randint(0, 3 if k in (2, 5) else 5)  # side seats face the short way
        row = [rng.choice(manifest["mummies"]) for _ in range(n)]
        rows[str(seat_no)] = row
        for i, label in enumerate(row):
            x, y, turn = card_pose(seat, i, n)
            card(assets, family, label, x, y, i * 0.05, turn)
            seat_views.append((seat_no, i, label, x, y))
    papyri = list(manifest["papyri"])
    pile = rng.sample(papyri, k=rng.randint(1, 3))
    pile_turn = rng.randrange(4) * 90 + rng.uniform(-8, 8)
    pcx, pcy = w / 2 + rng.uniform(-15, 15), h / 2 + rng.uniform(-10, 10)
    for depth, label in enumerate(pile):
        top = depth == len(pile) - 1
        a, r = rng.uniform(0, 2 * math.pi), 0 if top else rng.uniform(8, 15)
        turn = pile_turn + (0 if top else rng.uniform(-20, 20))
        card(assets, family, label, pcx + r * math.cos(a), pcy + r * math.sin(a), depth * 0.5, turn)
    pad = MARKER_PRINT_MM / 2
    see = [
        (x + sx * pad, y + sy * pad)
        for x, y in ((0, 0), (w, 0), (w, h), (0, h))
        for sx in (-1, 1)
        for sy in (-1, 1)
    ]
    view = camera(rng, centre, see)
    cam = bpy.context.scene.camera
    for seat_no, i, label, x, y in seat_views:
        centre_px = [round(v, 1) for v in project(cam, (x, y, CARD_THICK))]
        cards.append({"seat": seat_no, "index": i, "label": label, "center": centre_px})
    top_label = pile[-1]
    return {
        "rows": rows,
        "papyrus": manifest["papyri"][top_label],
        "papyrus_label": top_label,
        "papyrus_center": [round(v, 1) for v in project(cam, (pcx, pcy, CARD_THICK))],
        "cards": cards,
        "conditions": {"table": kind, **view, **light},
    }


# ---------------------------------------------------------------- enrolment photos


def enrol_photo(assets: Path, manifest: dict[str, Any], family: str, label: str, rng: random.Random) -> None:
    """One face (or a pawn) alone on the table, shot from above: it fills about 60 % of
    the photo, a little turned, under the same kinds of light as the frames."""
    add_table(rng, (0, 0))
    lights(rng, (0, 0))
    turn = rng.uniform(-5, 5)
    if label in manifest["pawns"]:
        pawn(tuple(manifest["pawns"][label]), 0, 0, 0)
        side = PAWN_MM * 1.6
    elif manifest["game"] == "tutankhamen":
        box(TILE_MM, TILE_MM, TILE_THICK, principled("cardboard", (0.55, 0.5, 0.42), 0.8), 0, 0, 0, turn)
        face = image_material(assets / "faces" / family / f"{label}.png")
        plane(f"face-{label}", TILE_MM - 0.8, TILE_MM - 0.8, face, 0, 0, TILE_THICK + 0.02, turn)
        side = TILE_MM
    else:
        card(assets, family, label, 0, 0, 0, turn)
        side = CARD_MM[1]
    cam_data = bpy.data.cameras.new("cam")
    distance = 300.0
    cam_data.angle = 2 * math.atan(side / rng.uniform(0.55, 0.68) / 2 / distance)
    cam = bpy.data.objects.new("cam", cam_data)
    bpy.context.collection.objects.link(cam)
    bpy.context.scene.camera = cam
    cam.location = (rng.uniform(-1, 1) * MM, rng.uniform(-1, 1) * MM, distance * MM)
    cam.rotation_euler = Euler(
        (math.radians(rng.uniform(-0.8, 0.8)), math.radians(rng.uniform(-0.8, 0.8)), 0)
    )


# ---------------------------------------------------------------- main


def render_to(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    bpy.context.scene.render.filepath = str(path)
    bpy.ops.render.render(write_still=True)


def main() -> None:
    args = parse(sys.argv[sys.argv.index("--") + 1 :] if "--" in sys.argv else [])
    assets = args.out / "assets"
    manifest = json.loads((assets / "manifest.json").read_text())
    bpy.ops.wm.read_factory_settings(use_empty=True)
    families = manifest["families"]
    if args.enrol:
        setup_render(max(8, args.samples // 2), args.threads, (360, 360))
        for family in families:
            pawns = list(manifest["pawns"]) if manifest["game"] == "tutankhamen" else []
            for l_no, label in enumerate([*manifest["faces"], *pawns]):
                reset()
                enrol_photo(assets, manifest, family, label, random.Random(f"{args.seed}:{family}:{label}"))
                render_to(args.out / "raw-enrol" / family / f"{label}.png")
                print(f"enrol {family} {l_no + 1}", flush=True)
        return
    setup_render(args.samples, args.threads, SIZE)
    for k in range(args.start, args.start + args.frames):
        family = families[k % len(families)]
        rng = random.Random(f"{args.seed}:{k}")
        reset()
        build = path_frame if args.game == "tutankhamen" else ankh_frame
        truth = build(assets, manifest, family, rng)
        name = f"{args.game}-{k:04d}"
        truth.update({"game": args.game, "family": family, "style": 0, "seed": args.seed, "frame": k})
        render_to(args.out / "raw" / f"{name}.png")
        (args.out / "raw" / f"{name}.json").write_text(json.dumps(truth, indent=1))
        print(f"frame {name} done", flush=True)


if __name__ == "__main__":
    main()
